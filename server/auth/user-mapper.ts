import type { User } from "../../db/types.ts";
import type { Me, PublicUser } from "./schemas.ts";

export function toMe(user: User): Me {
  return {
    ...toPublicUser(user),
    email: user.email,
    emailVerified: user.email_verified_at !== null,
    hasPassword: user.password_hash !== null,
  };
}

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    _id: user.id,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    about: user.about,
    avatar: user.avatar,
    banner: user.banner,
    role: user.role,
    verified: user.verified === 1,
    createdAt: new Date(user.created_at).toISOString(),
  };
}
