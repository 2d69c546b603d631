import type { ProfileRequest } from '../../../../shared/contracts/accounts';
import type { ClientUser, LoginResponse, RegisterResponse } from '../../../../shared/contracts/auth';
import { requestJson } from '../../../lib/api-request';

/** SPEC.md sections 5 and 7: the login form sends the email as username. */
export function login(body: { email: string; password: string; redirectTo?: string }): Promise<LoginResponse> {
  return requestJson<LoginResponse>('POST', '/api/login', {
    username: body.email,
    password: body.password,
    ...(body.redirectTo ? { redirectTo: body.redirectTo } : {}),
  });
}

export function register(body: { email: string; password: string }): Promise<RegisterResponse> {
  return requestJson<RegisterResponse>('POST', '/api/register', { email: body.email, password: body.password });
}

export function logout(): Promise<{ message: string }> {
  return requestJson('POST', '/api/logout');
}

export type VerifiedUser = ClientUser & { message: string };

export function verifyEmail(token: string): Promise<VerifiedUser> {
  return requestJson<VerifiedUser>('POST', '/api/auth/verify', { token });
}

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return requestJson('POST', '/api/auth/password-reset', { email });
}

export function confirmPasswordReset(body: { token: string; password: string; confirmPassword: string }): Promise<{ message: string }> {
  return requestJson('POST', '/api/auth/password-reset/confirm', body);
}

export function saveProfile(body: ProfileRequest): Promise<ClientUser> {
  return requestJson<ClientUser>('PUT', '/api/profile', body);
}
