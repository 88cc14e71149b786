/**
 * In station mode the station server answers /station-config.json with the station's code; the measure
 * service does not serve that file, so there the client runs in full mode.
 */
export interface StationConfig {
  station_code: string;
}

export async function loadStationConfig(): Promise<StationConfig | null> {
  try {
    const response = await fetch('/station-config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok || !response.headers.get('content-type')?.includes('application/json')) return null;
    const body = (await response.json()) as Partial<StationConfig>;
    return typeof body.station_code === 'string' ? { station_code: body.station_code } : null;
  } catch {
    return null;
  }
}
