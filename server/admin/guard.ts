import type { User } from "../../db/types.ts";
import { canAdminister } from "../access/policy.ts";
import { ForbiddenError } from "../http/errors.ts";

/** Every console service starts here: the routes' role check is the first line, this is the one that counts. */
export function assertAdmin(caller: User): void {
  if (!canAdminister(caller)) throw new ForbiddenError();
}
