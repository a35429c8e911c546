import { OrganizerMatches } from './organizer-matches';
import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import { label } from '../i18n';
import { newWords } from './new-words';
import { SeatHandout } from './seat-handout';
import { Field, Section, TextField } from './new-match-fields';
import { PositionSection } from './new-match-position';
import { SeatsSection } from './new-match-seats';
import { OptionsSection, SetupSection } from './new-match-setup';
import { useNewMatch } from './new-match-state';

/**
 * `/new`: the organizer's page. Pick a ruleset, its options (with the rule each one settles,
 * defaults preselected), seats and factions, setup parameters and tournament; the form is
 * generated from the ruleset's specs. After creation it hands out one link per seat, the seat's
 * token in the fragment (which never reaches a server), with a QR code each.
 */
export function NewMatchPage({
  lang,
  token,
  header,
}: {
  lang: Lang;
  token: string | undefined;
  header(): JSX.Element;
}): JSX.Element {
  const {
    rulesets,
    rulesetId,
    setRulesetId,
    ruleset,
    words,
    draft,
    problems,
    summary,
    busy,
    created,
    update,
    setSeat,
    submit,
    another,
  } = useNewMatch(lang);
  if (created)
    return (
      <div class="page">
        {header()}
        <main id="main" class="new-page">
          <SeatHandout
            lang={lang}
            match={created.match}
            seats={created.seats}
            organizerToken={token}
            title={draft?.title || ''}
            onAnother={another}
          />
        </main>
      </div>
    );

  return (
    <div class="page">
      {header()}
      <main id="main" class="new-page">
        <h1>{newWords('newMatch', lang)}</h1>
        {token ? (
          <OrganizerMatches key={token} lang={lang} />
        ) : (
          <p class="notice" role="note">
            {newWords('organizerTokenNeeded', lang)}
          </p>
        )}
        <form class="new-form" noValidate onSubmit={submit} data-ruleset={ruleset?.id}>
          <Section title={newWords('matchSection', lang)}>
            <Field id="f-ruleset" label={label('ruleset', lang)}>
              <select
                id="f-ruleset"
                value={rulesetId}
                onChange={(e: Event) => setRulesetId((e.target as HTMLSelectElement).value)}
              >
                {rulesets.map((r) => (
                  <option value={r.id}>{r.title[lang]}</option>
                ))}
              </select>
            </Field>
            {ruleset ? <p class="muted small ruleset-summary">{ruleset.summary[lang]}</p> : null}
            {draft ? (
              [
                <TextField
                  id="f-title"
                  label={newWords('matchTitle', lang)}
                  problem={problems.title}
                  value={draft.title}
                  maxLength={200}
                  placeholder={newWords('matchTitleHint', lang)}
                  onText={(title) => update((d) => ({ ...d, title }))}
                />,
                <TextField
                  id="f-tournament"
                  label={newWords('tournamentId', lang)}
                  hint={newWords('tournamentIdHint', lang)}
                  problem={problems.tournamentId}
                  value={draft.tournamentId}
                  maxLength={64}
                  spellcheck={false}
                  onText={(tournamentId) => update((d) => ({ ...d, tournamentId }))}
                />,
                <label class="check">
                  <input
                    type="checkbox"
                    checked={draft.public}
                    onChange={(e: Event) =>
                      update((d) => ({ ...d, public: (e.target as HTMLInputElement).checked }))
                    }
                  />
                  {` ${newWords('publicMatch', lang)}`}
                </label>,
              ]
            ) : (
              <p class="muted">{label('loading', lang)}</p>
            )}
          </Section>
          {ruleset && draft
            ? [
                <SeatsSection
                  lang={lang}
                  ruleset={ruleset}
                  words={words}
                  draft={draft}
                  problems={problems}
                  update={update}
                  setSeat={setSeat}
                />,
                <OptionsSection
                  lang={lang}
                  ruleset={ruleset}
                  draft={draft}
                  problems={problems}
                  update={update}
                />,
                <SetupSection
                  lang={lang}
                  ruleset={ruleset}
                  words={words}
                  draft={draft}
                  problems={problems}
                  update={update}
                />,
                // Only a ruleset that starts from a given position offers one.
                ruleset.position ? (
                  <PositionSection lang={lang} draft={draft} problems={problems} update={update} />
                ) : null,
              ]
            : null}
          <div class="new-submit">
            {summary ? (
              <p class="field-problem" role="alert" data-summary="">
                {summary}
              </p>
            ) : null}
            <button type="submit" class="button primary" disabled={!draft || busy}>
              {busy ? newWords('creating', lang) : newWords('createMatch', lang)}
            </button>
          </div>
        </form>
      </main>
    </div>
  );
}
