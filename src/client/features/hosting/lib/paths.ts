/** The host screens' paths (see src/client/features/dashboard/routes.tsx). */
export const MANAGE_HOME_PATH = '/dashboard/manage-home';
export const ADD_HOME_PATH = '/dashboard/add-home';
export const editHomePath = (id: string) => `/dashboard/updateHomeForm/${encodeURIComponent(id)}`;
/** The home's Calendar sync panel (iCal link and imported calendars, issue 11). */
export const calendarSyncPath = (id: string) => `/dashboard/calendar-sync/${encodeURIComponent(id)}`;
