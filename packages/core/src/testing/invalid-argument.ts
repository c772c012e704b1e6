import { InvalidArgumentError } from '../domain';

/**
 * The {@link InvalidArgumentError} that `fn` throws, for assertions on its `field` and
 * message. Anything else — returning normally, another error — fails the test.
 */
export function invalidArgumentFrom(fn: () => unknown): InvalidArgumentError {
  let result: unknown;
  try {
    result = fn();
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      return error;
    }
    throw error;
  }
  throw new Error(`expected an InvalidArgumentError, got ${JSON.stringify(result) ?? 'undefined'}`);
}
