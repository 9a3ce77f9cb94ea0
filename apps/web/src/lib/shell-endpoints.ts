// The endpoints the app's frame calls (the session behind the guards, the navigation's counts, log out, the language,
// the live stream's ticket), for the frame to import on first use (`await import(...)`), never statically: an endpoint's
// definition carries its zod schemas, and zod is too large for the first load; the first page brings it anyway, in the same wave.
export { account, live, organisation, voting } from '@portal/shared';
