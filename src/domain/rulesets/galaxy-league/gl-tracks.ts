import { own } from '../../shared/id-record';
import type { Table } from '../../table/table';

/** The league's numbers per player, kept as table tracks so every reader sees them. */
export const creditsTrack = (seat: string): string => `credits:${seat}`;
export const winsTrack = (seat: string): string => `wins:${seat}`;
export const otherTrack = (seat: string): string => `other:${seat}`;

export const TRACK_NAMES = {
  credits: { en: 'Credits (IC)', ru: 'Кредиты (ИК)' },
  wins: { en: 'Battle wins', ru: 'Победы' },
  other: { en: 'Other (technologies)', ru: 'Другое (технологии)' },
} as const;

export function trackValue(table: Readonly<Table>, track: string): number {
  return own(table.tracks, track)?.value ?? 0;
}
