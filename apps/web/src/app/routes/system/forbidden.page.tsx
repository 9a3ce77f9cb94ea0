import { ErrorPage } from '../../shell/error-page.tsx';

/** /forbidden: another role's area ("Sorry, you can't have access to this page"). */
export default function ForbiddenPage() {
  return <ErrorPage status={403} />;
}
