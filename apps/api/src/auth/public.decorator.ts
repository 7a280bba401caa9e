import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'quayside:public';

/** A route that needs no API key and is not rate limited (health, documentation). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
