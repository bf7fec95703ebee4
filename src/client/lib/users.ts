/**
 * Users API (spec section 7): the role of a user is read per email from the server,
 * the admin reads the list, and PUT /api/user/:email carries the host request,
 * the approval and the decline. Answers are parsed with the shared contract.
 */
import type { z } from 'zod';
import {
  putUserResponseSchema,
  userListSchema,
  userSchema,
  type approvalRequestSchema,
  type hostRequestSchema,
  type PutUserResponse,
  type User,
} from '#shared/schemas/users';
import { apiRequest } from './api';

export { userKeys } from './user-keys';

const userPath = (email: string) => `/api/user/${encodeURIComponent(email)}`;

export async function fetchUser(email: string, signal?: AbortSignal): Promise<User> {
  const { data } = await apiRequest(userPath(email), userSchema, { signal });
  return data;
}

export async function fetchUsers(signal?: AbortSignal): Promise<User[]> {
  const { data } = await apiRequest('/api/users', userListSchema, { signal });
  return data;
}

export type HostRequestBody = z.input<typeof hostRequestSchema>;
export type RoleChangeBody = Pick<z.input<typeof approvalRequestSchema>, 'role' | 'reason'>;

export async function putUser(email: string, body: HostRequestBody | RoleChangeBody): Promise<PutUserResponse> {
  const { data } = await apiRequest(userPath(email), putUserResponseSchema, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return data;
}
