import { hasOwn } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';
import type { NewEvent } from '../events/recorded-event';
import type { Rejection } from '../rulesets/rule-violation';
import { invalid } from './match-decider';
import type { MatchState } from './match-state';

/**
 * Streams beside a match stream (`match-<matchId>`): what people say about a match and who
 * looked at its hidden parts. They use the same envelope and hash chain with their own seqs,
 * so the game line is never touched by them.
 */

export type SideStreamKind = 'notes' | 'audit' | 'judge-notes';

export function sideStreamName(kind: SideStreamKind, matchId: string): string {
  return `${kind}-${matchId}`;
}

/** How a move is judged: chess annotation marks, and two words for the review. */
export const ANNOTATION_TAGS = [
  '!!',
  '!',
  '!?',
  '?!',
  '?',
  '??',
  'blunder',
  'rules-question',
] as const;

export type AnnotationTag = (typeof ANNOTATION_TAGS)[number];

export const MAX_ANNOTATION_LENGTH = 2000;

/** A note attached to event `seq` of the match (stream `notes-<matchId>`). */
export interface AnnotationAddedData {
  annotationId: string;
  /** The seq of the match event the note is about. */
  seq: number;
  text: string;
  tags: AnnotationTag[];
  /** The dispute of the match the note belongs to. */
  disputeId?: string;
}

export interface AddAnnotationCommand {
  annotationId: string;
  seq: number;
  /** May be left out when a tag says it all (one click on "?!", as on lichess). */
  text?: string;
  tags?: string[];
  disputeId?: string;
}

const NOTE_TEXT_NOT_TEXT: LocalizedText = {
  en: 'text must be a string',
  ru: 'Текст заметки должен быть строкой',
};
const NOTE_TAGS_NOT_LIST: LocalizedText = {
  en: `tags must be a list of tags (${ANNOTATION_TAGS.join(' ')}), or left out`,
  ru: `Пометки — список из ${ANNOTATION_TAGS.join(' ')} или ничего`,
};

/** Checks a note against the match; returns the event to record or why it is refused. */
export function decideAnnotation(
  state: Pick<MatchState, 'lastSeq' | 'disputes'>,
  command: AddAnnotationCommand,
): NewEvent<AnnotationAddedData>[] | Rejection {
  const { annotationId, seq, tags = [], disputeId } = command;
  const written: unknown = command.text ?? '';
  if (!Number.isInteger(seq) || seq < 0 || seq > state.lastSeq)
    return invalid('seq', {
      en: `seq must be a seq of this match, 0 to ${state.lastSeq}, not ${seq}`,
      ru: `Укажите событие этого матча: от №0 до №${state.lastSeq}, а не №${seq}`,
    });
  // The HTTP edge refuses these shapes; a path that skips it must not reach a TypeError.
  if (typeof written !== 'string') return invalid('text', NOTE_TEXT_NOT_TEXT);
  if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string'))
    return invalid('tags', NOTE_TAGS_NOT_LIST);
  // A glyph alone (!!, ?!) is a note; a blank text is no text.
  const text = written.trim() ? written : '';
  if ((text.length === 0 && tags.length === 0) || text.length > MAX_ANNOTATION_LENGTH)
    return invalid('text', {
      en: `text must be 1 to ${MAX_ANNOTATION_LENGTH} characters, not blank (or left out when a tag is given)`,
      ru: `Текст заметки — от 1 до ${MAX_ANNOTATION_LENGTH} символов, не пустой (или без текста, но с пометкой)`,
    });
  const unknown = tags.filter((tag) => !(ANNOTATION_TAGS as readonly string[]).includes(tag));
  if (unknown.length > 0)
    return invalid('tags', {
      en: `Unknown tags ${unknown.join(', ')}: tags are ${ANNOTATION_TAGS.join(' ')}`,
      ru: `Неизвестные метки ${unknown.join(', ')}: метки — ${ANNOTATION_TAGS.join(' ')}`,
    });
  if (disputeId !== undefined && !hasOwn(state.disputes, disputeId))
    return invalid('disputeId', {
      en: `There is no dispute ${disputeId} in this match`,
      ru: 'В этом матче нет такого спора',
    });
  const data: AnnotationAddedData = {
    annotationId,
    seq,
    text,
    tags: [...new Set(tags)] as AnnotationTag[],
    ...(disputeId === undefined ? {} : { disputeId }),
  };
  return [{ type: 'AnnotationAdded', data }];
}

/** What a judge's read showed of a live match. */
export type ViewScope = 'state' | 'events' | 'export' | 'timeline';

/** A judge or an admin read hidden information of a live match (stream `audit-<matchId>`). */
export interface HiddenInformationViewedData {
  /** Who looked, when a judge did. */
  judge?: { id: string; name: string };
  /** Who looked, when an admin did. */
  admin?: { id: string };
  scope: ViewScope;
  /** The seq whose table was shown (scope state). */
  atSeq?: number;
  /** The range of seqs shown (scopes events, export, timeline). */
  fromSeq?: number;
  toSeq?: number;
}

/** The audit stream itself is readable only by judges, the organizer and admins. */
export function hiddenInformationViewed(
  data: HiddenInformationViewedData,
): NewEvent<HiddenInformationViewedData> {
  return { type: 'HiddenInformationViewed', data };
}

/** A reveal whose params and salt did not hash to the seal (stream `audit-<matchId>`): refused, nothing applied. */
export interface SealRevealRefusedData {
  sealId: string;
  seat: string;
  /** The commitment that was not matched. */
  commitment: string;
}

export function sealRevealRefused(data: SealRevealRefusedData): NewEvent<SealRevealRefusedData> {
  return { type: 'SealRevealRefused', data };
}

export const MAX_JUDGE_NOTE_LENGTH = 4000;

/**
 * A judge's private note (stream `judge-notes-<matchId>`): for the match's judges only, never
 * in a seat's or a spectator's read, the export or the feed, which read the match stream.
 */
export interface JudgeNoteAddedData {
  noteId: string;
  text: string;
  /** The dispute the note is about, if any. */
  disputeId?: string;
}

export interface AddJudgeNoteCommand {
  noteId: string;
  text: unknown;
  disputeId?: string;
}

/** Checks a private judge note against the match; the event to record or why it is refused. */
export function decideJudgeNote(
  state: Pick<MatchState, 'disputes'>,
  command: AddJudgeNoteCommand,
): NewEvent<JudgeNoteAddedData>[] | Rejection {
  const { noteId, text, disputeId } = command;
  if (typeof text !== 'string' || !text.trim() || text.length > MAX_JUDGE_NOTE_LENGTH)
    return invalid('text', {
      en: `A judge's note is 1 to ${MAX_JUDGE_NOTE_LENGTH} characters, not blank`,
      ru: `Заметка судьи — от 1 до ${MAX_JUDGE_NOTE_LENGTH} символов, не пустая`,
    });
  if (disputeId !== undefined && !hasOwn(state.disputes, disputeId))
    return invalid('disputeId', {
      en: `There is no dispute ${disputeId} in this match`,
      ru: 'В этом матче нет такого спора',
    });
  return [
    {
      type: 'JudgeNoteAdded',
      data: { noteId, text, ...(disputeId === undefined ? {} : { disputeId }) },
    },
  ];
}
