/** The host screens' paths (see src/client/features/dashboard/routes.tsx). */
export const MANAGE_HOME_PATH = '/dashboard/manage-home';
export const ADD_HOME_PATH = '/dashboard/add-home';
export const editHomePath = (id: string) => `/dashboard/updateHomeForm/${encodeURIComponent(id)}`;
export const homeCalendarPath = (id: string) => `/dashboard/calendar/${encodeURIComponent(id)}`;
