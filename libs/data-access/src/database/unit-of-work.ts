import type { EntityManager } from 'typeorm';

declare const UNIT_OF_WORK: unique symbol;

/**
 * An open transaction as code outside data-access sees it: a handle to pass back to repository
 * methods so their writes join it, with nothing of TypeORM to call. Only repositories open one
 * (e.g. `IdempotencyKeyRepository.execute`) and only they look inside.
 */
export interface UnitOfWork {
  readonly [UNIT_OF_WORK]: true;
}

export function unitOfWork(manager: EntityManager): UnitOfWork {
  return manager as unknown as UnitOfWork;
}

export function managerOf(work: UnitOfWork): EntityManager {
  return work as unknown as EntityManager;
}
