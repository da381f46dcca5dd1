import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/** Times are Unix milliseconds; booleans are 0/1, as SQLite stores them. */
export type Role = "viewer" | "streamer" | "organizer" | "moderator" | "admin";

export interface UserTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  role: Generated<Role>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  about: Generated<string>;
  avatar: string | null;
  banner: string | null;
  verified: Generated<number>;
  email_verified_at: number | null;
  last_login_at: number | null;
  suspended_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  id_hash: string;
  user_id: number;
  remember: number;
  created_at: number;
  expires_at: number;
  user_agent: string | null;
}

export type AuthTokenPurpose = "verify_email" | "reset_password";

export interface AuthTokenTable {
  token_hash: string;
  user_id: number;
  purpose: AuthTokenPurpose;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OAuthAccountTable {
  provider: string;
  provider_user_id: string;
  user_id: number;
  created_at: number;
}

export interface OAuthStateTable {
  state: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  expires_at: number;
}

export interface RateLimitTable {
  key: string;
  window_start: number;
  count: number;
}

export interface CaptchaUseTable {
  signature: string;
  expires_at: number;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  auth_token: AuthTokenTable;
  oauth_account: OAuthAccountTable;
  oauth_state: OAuthStateTable;
  rate_limit: RateLimitTable;
  captcha_use: CaptchaUseTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
