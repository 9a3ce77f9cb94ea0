import { account } from '@portal/shared';
import { callEndpoint } from '../../../lib/api-client.ts';
import type { PasskeyRefusal } from './passkey-refusal.ts';

/**
 * The browser's side of the passkey ceremonies. This module and @simplewebauthn/browser are loaded only when a person
 * adds a passkey or signs in with one (dynamic imports), so neither the app's nor the login page's first load, nor the
 * list of chunks the shell preloads, grows.
 */

/** Why a ceremony gave no passkey (see PasskeyRefusal). */
export class PasskeyCeremonyError extends Error {
  override readonly name = 'PasskeyCeremonyError';
  constructor(readonly passkeyReason: PasskeyRefusal) {
    super(passkeyReason);
  }
}

async function ceremony<T>(run: (lib: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  if (typeof window.PublicKeyCredential !== 'function') throw new PasskeyCeremonyError('unsupported');
  const lib = await import('@simplewebauthn/browser');
  try {
    return await run(lib);
  } catch (error) {
    // The device already holds one of the person's passkeys (the server's options exclude them).
    if (error instanceof lib.WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      throw new PasskeyCeremonyError('registered');
    if (error instanceof lib.WebAuthnError || (error instanceof Error && error.name === 'NotAllowedError'))
      throw new PasskeyCeremonyError('cancelled');
    throw error;
  }
}

/** Adds a passkey: the options (POST /api/user/passkeys/registerStart), the browser's dialog, then POST /api/user/passkeys/register. */
export async function addPasskey(name: string, password: string) {
  if (typeof window.PublicKeyCredential !== 'function') throw new PasskeyCeremonyError('unsupported');
  const options = await callEndpoint(account.startPasskeyRegistration, { body: { password } });
  // The options and the answer are WebAuthn's JSON forms, which the contract keeps loose (the library's types are exact).
  const response = await ceremony((lib) => lib.startRegistration({ optionsJSON: options as never }));
  return callEndpoint(account.registerPasskey, { body: { name, response: response as never } });
}

/** Signs in with a passkey: the options (POST /api/login/passkeyStart), the browser's dialog, then POST /api/login/passkey. */
export async function signInWithPasskey() {
  if (typeof window.PublicKeyCredential !== 'function') throw new PasskeyCeremonyError('unsupported');
  const options = await callEndpoint(account.startPasskeyLogin);
  const response = await ceremony((lib) => lib.startAuthentication({ optionsJSON: options as never }));
  return callEndpoint(account.loginPasskey, { body: { response: response as never } });
}
