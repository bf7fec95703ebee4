/** The map's basemap settings (issue 29): from MAP_PMTILES and MAP_STYLE_URL; neither: the offline world map. */
export interface MapSettings {
  /** MAP_PMTILES: a .pmtiles file on disk, served at /map/tiles.pmtiles with range requests. */
  pmtilesPath?: string | undefined;
  /** MAP_STYLE_URL: a MapLibre style elsewhere; /map/style.json redirects to it. */
  styleUrl?: string | undefined;
}
