/** A request to the DCSA feed that cannot be answered; `propertyPath` names the parameter. */
export class DcsaRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly propertyPath: string | null = null,
  ) {
    super(message);
    this.name = 'DcsaRequestError';
  }
}
