interface ImportMetaEnv {
  /** Absolute URL of an external login portal; unset means the in-app /user/login. */
  readonly VITE_LOGIN_URL?: string;
}
