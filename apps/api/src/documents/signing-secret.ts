import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiConfig } from '../config/api.config';

/**
 * The key of upload grants and local download URLs: `STORAGE_SIGNING_SECRET`, or when unset a
 * random one for this process (URLs then work only against the process that made them).
 */
@Injectable()
export class SigningSecret {
  readonly value: string;

  constructor(config: ApiConfig) {
    this.value = config.STORAGE_SIGNING_SECRET || randomBytes(32).toString('base64url');
  }
}
