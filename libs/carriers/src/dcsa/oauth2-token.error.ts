/** Why a token could not be had: the server could not be reached, or it refused or garbled the grant. */
export class OAuth2TokenError extends Error {
  constructor(
    message: string,
    readonly unreachable: boolean,
  ) {
    super(message);
    this.name = 'OAuth2TokenError';
  }
}
