/**
 * The authorisation matrix's cases for people's own data (issue 30): every signed-in person may export
 * or delete only their own account (the routes take no target), anonymous callers get 401.
 */
import { signedIn, type Case } from './authz-cases';

export function accountDataCases(): Record<string, Case[]> {
  return {
    'GET /api/me/export': [
      { name: 'your own data', request: () => ({ method: 'GET', url: '/api/me/export' }), expect: signedIn(200) },
    ],
    'DELETE /api/me': [
      {
        // An empty password is refused after the guard (400): the matrix's actors keep their accounts.
        name: 'your own account, with an empty password',
        request: () => ({ method: 'DELETE', url: '/api/me', payload: { password: '' } }),
        expect: signedIn(400),
      },
    ],
  };
}
