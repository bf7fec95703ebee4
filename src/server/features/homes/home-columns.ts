import { homes } from '#server/db/schema';

/** The columns a Home is made of (lists read only these: not the nights, not the timestamps). */
export const homeFields = {
  id: homes.id,
  seq: homes.seq,
  hostEmail: homes.hostEmail,
  title: homes.title,
  location: homes.location,
  description: homes.description,
  priceCents: homes.priceCents,
  totalGuest: homes.totalGuest,
  bedrooms: homes.bedrooms,
  bathrooms: homes.bathrooms,
  availableFrom: homes.availableFrom,
  availableTo: homes.availableTo,
  images: homes.images,
  minNights: homes.minNights,
  maxNights: homes.maxNights,
  checkInTime: homes.checkInTime,
  checkOutTime: homes.checkOutTime,
  houseRules: homes.houseRules,
  ratingCount: homes.ratingCount,
  ratingSum: homes.ratingSum,
  cleaningFeeCents: homes.cleaningFeeCents,
  cancellationPolicy: homes.cancellationPolicy,
  timeZone: homes.timeZone,
};
