/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' turns on interest-only mode (SPEC.md section 1). */
  readonly VITE_INTEREST_ONLY?: string;
  /** 'true' makes the whole build a demo (SPEC.md section 1). */
  readonly VITE_FORCE_DEMO?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
