export interface HttpErrorOptions {
  /** The client shows `msg` to the visitor (spec §8 `ext.popupNotice`), e.g. "wrong password". */
  popupNotice?: boolean;
}

/** The one error type handlers throw on purpose; its `msg` is safe to show to the caller. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly popupNotice: boolean;

  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.popupNotice = options.popupNotice ?? false;
  }
}
