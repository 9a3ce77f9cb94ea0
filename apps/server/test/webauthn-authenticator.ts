import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for API tests: the browser's and the authenticator's side of WebAuthn built by hand with
 * node:crypto (an ES256 key on P-256, 'none' attestation in CBOR, authenticator data, client data and signatures),
 * so the tests run real ceremonies against @simplewebauthn/server.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor> | { [key: string]: Cbor };

/** The little of CBOR (RFC 8949) WebAuthn needs: integers, byte and text strings, arrays and maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 } as const;

export interface CeremonyOptions {
  /** The origin the "browser" puts in the client data (default: the authenticator's). */
  origin?: string;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
  /** Whether the person was verified (PIN, fingerprint); default true. */
  userVerified?: boolean;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The last counter reported. */
  counter = 0;
  /** The user handle the relying party gave at registration (base64url), answered with every assertion. */
  userHandle: string | undefined;

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The browser's answer to `navigator.credentials.create` for the relying party's options. */
  register(options: { challenge: string; user: { id: string } }, opts: CeremonyOptions = {}) {
    this.userHandle = options.user.id;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authenticatorData(opts, FLAG.attested),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      cbor(coseKey),
    ]);
    const clientData = this.clientData('webauthn.create', options.challenge, opts);
    return this.credential({
      clientDataJSON: b64url(clientData),
      attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
      transports: ['internal'],
    });
  }

  /** A PublicKeyCredential as the browser serialises it (WebAuthn's JSON form), around a ceremony's response. */
  private credential<R>(response: R) {
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response,
    };
  }

  /** The browser's answer to `navigator.credentials.get`: the authenticator data and client data, signed. */
  authenticate(options: { challenge: string }, opts: CeremonyOptions = {}) {
    const authData = this.authenticatorData(opts, 0);
    const clientData = this.clientData('webauthn.get', options.challenge, opts);
    const signature = sign('sha256', Buffer.concat([authData, sha(clientData)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }

  private authenticatorData(opts: CeremonyOptions, extraFlags: number): Buffer {
    this.counter = opts.counter ?? this.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const flags = FLAG.userPresent | (opts.userVerified === false ? 0 : FLAG.userVerified) | extraFlags;
    return Buffer.concat([sha(this.rpId), Buffer.from([flags]), counter]);
  }

  private clientData(type: string, challenge: string, opts: CeremonyOptions): string {
    return JSON.stringify({ type, challenge, origin: opts.origin ?? this.origin, crossOrigin: false });
  }
}
