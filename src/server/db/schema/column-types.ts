import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL range types Drizzle has no builder for: dates as text, '[from,to)'. */
export const datemultirange = customType<{ data: string; driverData: string }>({
  dataType: () => 'datemultirange',
});

export const daterange = customType<{ data: string; driverData: string }>({
  dataType: () => 'daterange',
});
