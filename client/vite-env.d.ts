/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "false" leaves the developer screens out (the Docker image); see routes/_dev.tsx. */
  readonly VITE_DEV_SCREENS?: string;
}
