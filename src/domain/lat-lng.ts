import * as z from 'zod/mini';

/** Coordinates from the browser's maps service; the server prefers them to its gazetteer. */
export const latLngSchema = z.object({
  lat: z.number().check(z.minimum(-90), z.maximum(90)),
  lng: z.number().check(z.minimum(-180), z.maximum(180)),
});
export type LatLng = z.infer<typeof latLngSchema>;
