// Why a passkey ceremony gave no passkey, and what the person is told: one small module (no imports), so the login
// form and the profile share it without loading the ceremony (passkey-ceremony.ts, loaded on use, marks its errors).

/** Why a passkey ceremony gave none: this browser has no passkeys, the person cancelled (or it timed out), or this device already holds one of theirs. */
export type PasskeyRefusal = 'unsupported' | 'cancelled' | 'registered';

/** What each refusal tells the person (the login page and the profile alike). */
export const PASSKEY_REFUSALS: Record<PasskeyRefusal, string> = {
  unsupported: 'account:passkeyUnsupported',
  cancelled: 'account:passkeyCancelled',
  registered: 'account:passkeyRegistered',
};

/** The refusal of a ceremony (passkey-ceremony.ts, loaded on use, marks its errors); null for any other error (the server's). */
export const ceremonyRefusal = (error: unknown): PasskeyRefusal | null =>
  error instanceof Error && error.name === 'PasskeyCeremonyError' ? (error as Error & { passkeyReason: PasskeyRefusal }).passkeyReason : null;
