import {
  type OccurrenceRecord,
  type OpenOccurrence,
  type SeriesRecord,
  type SeriesRepository,
} from '../series/application/ports/series.repository';

/** Series and their ledger in maps (unit tests of the series use cases). */
export class InMemorySeriesRepository implements SeriesRepository {
  readonly series = new Map<string, SeriesRecord>();
  readonly occurrences: OccurrenceRecord[] = [];

  insert(_scope: unknown, s: SeriesRecord): Promise<void> {
    this.series.set(s.id, structuredClone(s));
    return Promise.resolve();
  }

  update(_scope: unknown, s: SeriesRecord): Promise<void> {
    this.series.set(s.id, structuredClone(s));
    return Promise.resolve();
  }

  findByDelivery(_scope: unknown, deliveryId: string): Promise<SeriesRecord | undefined> {
    const o = this.occurrences.find((x) => x.deliveryId === deliveryId);
    const s = o === undefined ? undefined : this.series.get(o.seriesId);
    return Promise.resolve(s === undefined ? undefined : structuredClone(s));
  }

  async seriesOfDeliveries(
    scope: unknown,
    deliveryIds: readonly string[],
  ): Promise<Map<string, SeriesRecord>> {
    const found = new Map<string, SeriesRecord>();
    for (const id of deliveryIds) {
      const s = await this.findByDelivery(scope, id);
      if (s !== undefined) {
        found.set(id, s);
      }
    }
    return found;
  }

  openOccurrencesOf(_scope: unknown, deliveryIds: readonly string[]): Promise<OpenOccurrence[]> {
    const ids = new Set(deliveryIds);
    return Promise.resolve(
      this.occurrences
        .filter((o) => o.outcome === 'scheduled' && o.deliveryId !== null && ids.has(o.deliveryId))
        .map((o) => ({
          occurrence: structuredClone(o),
          series: structuredClone(this.series.get(o.seriesId)!),
        })),
    );
  }

  record(_scope: unknown, occurrences: readonly OccurrenceRecord[]): Promise<void> {
    this.occurrences.push(...occurrences.map((o) => structuredClone(o)));
    return Promise.resolve();
  }

  updateOccurrence(_scope: unknown, o: OccurrenceRecord): Promise<void> {
    const i = this.occurrences.findIndex((x) => x.id === o.id);
    this.occurrences[i] = structuredClone(o);
    return Promise.resolve();
  }

  latestOccurrences(_scope: unknown, seriesId: string, limit: number): Promise<OccurrenceRecord[]> {
    const mine = this.occurrences
      .filter((o) => o.seriesId === seriesId)
      .sort((a, b) =>
        a.instant === b.instant ? a.id.localeCompare(b.id) : a.instant < b.instant ? -1 : 1,
      );
    return Promise.resolve(mine.slice(-limit).map((o) => structuredClone(o)));
  }
}
