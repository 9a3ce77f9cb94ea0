import * as account from './account/account.endpoints.ts';
import type { EndpointDef } from './http.ts';
import * as system from './system/system.endpoints.ts';

/** Every API contract; the server registers these and the authorisation table test walks them. */
export const ENDPOINTS: readonly EndpointDef[] = [...Object.values(system), ...Object.values(account)];

export { account, system };
