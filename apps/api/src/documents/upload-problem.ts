import type { UploadProblem } from '@quayside/domain';
import { DomainError } from '@quayside/domain';
import { HttpError } from '../common/errors/http-status';

const TITLES: Readonly<Record<UploadProblem['status'], string>> = {
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
};

/** An upload refusal as the JSON:API error the client sees, its `code` naming the problem. */
export function uploadRefused(problem: UploadProblem): Error {
  const error = { title: TITLES[problem.status], detail: problem.detail, code: problem.code, source: { pointer: '/data/attributes/file' } };
  return problem.status === 422 ? new DomainError('unprocessable', error) : new HttpError(problem.status, error);
}
