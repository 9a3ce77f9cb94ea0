import { ErrorPage } from '../../shell/error-page.tsx';

/** /404 and /not-found. */
export default function NotFoundPage() {
  return <ErrorPage status={404} />;
}
