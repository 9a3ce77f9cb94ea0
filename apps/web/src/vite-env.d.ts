/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The id of this build, also written to /version.json (see vite.config.ts). */
  readonly VITE_BUILD_ID: string;
}
