import { pageWords } from '../i18n';

/** The dispute page's words, English and Russian (ICU MessageFormat); they load with its chunk. */
export const judgeWords = pageWords({
  disputeTitle: { en: 'Dispute: «{claim}»', ru: 'Спор: «{claim}»' },
  backToDesk: { en: '← The judge’s desk', ru: '← Стол судьи' },
  disputeMissing: {
    en: 'This match has no such dispute.',
    ru: 'В этом матче нет такого спора.',
  },
  raisedBy: {
    en: 'Raised by {name} about event {seq}',
    ru: '{name} оспаривает событие {seq}',
  },
  ruleCited: { en: 'Rule cited: {rule}', ru: 'Ссылка на правило: {rule}' },
  openReplay: { en: 'Open in the replay', ru: 'Открыть в реплее' },
  paused: { en: 'The match is paused', ru: 'Матч на паузе' },
  pausedReason: { en: 'Paused: {reason}', ru: 'Пауза: {reason}' },
  tablesTitle: { en: 'The tables', ru: 'Поле' },
  changedMarked: {
    en: 'What differs between the two tables is marked on both.',
    ru: 'То, что отличается на двух полях, выделено на обоих.',
  },
  tableAtDispute: {
    en: 'At the disputed event ({seq})',
    ru: 'В момент спорного события ({seq})',
  },
  tableNow: { en: 'Now (event {seq})', ru: 'Сейчас (событие {seq})' },
  between: {
    en: 'What happened from the disputed event on ({n, plural, one {# event} other {# events}})',
    ru: 'Что было с момента спорного события ({n, plural, one {# событие} few {# события} many {# событий} other {# события}})',
  },
  claimMore: { en: 'Show the whole claim', ru: 'Показать весь текст спора' },
  claimLess: { en: 'Shorten the claim', ru: 'Свернуть текст спора' },
  jumpToRuling: { en: 'To the ruling ↓', ru: 'К решению ↓' },
  disputeOnVoided: {
    en: 'Event {seq} is on a branch a judge’s rewind took back (event {by}): it no longer counts, and a rewind cannot take it back again. The match goes on on the live line.',
    ru: 'Событие {seq} — на ветке, отменённой возвратом (событие {by}): оно больше не действует, и повторно отменить его возвратом нельзя. Матч идёт дальше по действующей линии.',
  },
  toLiveLine: { en: 'To the live line', ru: 'К действующей линии' },
  leadUp: {
    en: 'What led up to it ({n, plural, one {# event} other {# events}})',
    ru: 'Что к этому привело ({n, plural, one {# событие} few {# события} many {# событий} other {# события}})',
  },
  leadUpHint: {
    en: 'The decision that recorded the disputed event, the rolls and cards before it, and the last events before it.',
    ru: 'Решение, записавшее спорное событие, броски и карты перед ним и последние события перед ним.',
  },
  leadUpNone: { en: 'Nothing came before it.', ru: 'Перед ним ничего не было.' },
  whyDecision: { en: 'the decision', ru: 'решение' },
  whyChance: { en: 'roll or card', ru: 'бросок или карта' },
  whyBefore: { en: 'before', ru: 'ранее' },
  differenceTitle: {
    en: 'Then → now: what differs between event {from} and event {to}',
    ru: 'Тогда → сейчас: что изменилось между событиями {from} и {to}',
  },
  differenceNone: {
    en: 'The two tables are the same.',
    ru: 'Поле не изменилось.',
  },
  optionsTitle: {
    en: 'The match’s options and the rules they interpret ({n})',
    ru: 'Опции матча и правила, которые они толкуют ({n})',
  },
  optionDefault: { en: 'default', ru: 'по умолчанию' },
  ruleFromList: { en: 'Pick the rule', ru: 'Выбрать правило' },
  ruleTyped: { en: '— type it below —', ru: '— ввести вручную ниже —' },
  ruleGroupRules: { en: 'The rules', ru: 'Правила игры' },
  ruleGroupOptions: { en: 'The match’s options', ru: 'Опции матча' },
  rewindToDefault: {
    en: 'By default: the event before the disputed decision (event {seq}), so the decision is taken back with its effect.',
    ru: 'По умолчанию — событие перед спорным решением (№{seq}), чтобы решение отменилось вместе со своим следствием.',
  },
  colSeq: { en: 'Event', ru: 'Событие' },
  colWhat: { en: 'What happened', ru: 'Что произошло' },
  colWho: { en: 'About', ru: 'Касается' },
  colRecorded: { en: 'Recorded by, when', ru: 'Кто записал и когда' },
  disputedMark: { en: 'disputed', ru: 'спорное' },
  voidedMark: { en: 'taken back at event {by}', ru: 'отменено событием {by}' },
  commentsTitle: { en: 'Discussion', ru: 'Обсуждение' },
  noComments: { en: 'No comments yet.', ru: 'Комментариев пока нет.' },
  commentLabel: { en: 'Your comment', ru: 'Ваш комментарий' },
  commentSend: { en: 'Comment', ru: 'Комментировать' },
  pauseTitle: { en: 'Pause', ru: 'Пауза' },
  pauseReason: { en: 'Reason for the pause', ru: 'Причина паузы' },
  pauseReasonDefault: { en: 'Hearing the dispute', ru: 'Разбор спора' },
  pauseButton: { en: 'Pause the match', ru: 'Поставить матч на паузу' },
  resumeButton: { en: 'Resume the match', ru: 'Продолжить матч' },
  pauseHint: {
    en: 'While paused, the seats’ decisions and rolls are refused.',
    ru: 'Пока матч на паузе, решения и броски мест не принимаются.',
  },
  notInPlay: {
    en: 'The match is not in play: it cannot be paused, and a ruling can only have no remedy.',
    ru: 'Матч не идёт: паузу поставить нельзя, а решение судьи возможно только без исправления.',
  },
  rulingTitle: { en: 'Ruling', ru: 'Решение судьи' },
  rulingIssued: {
    en: '{decision}: {judge}, {when}',
    ru: '{decision}: {judge}, {when}',
  },
  decisionLegend: { en: 'Verdict', ru: 'Вердикт' },
  upheld: { en: 'Upheld', ru: 'Жалоба удовлетворена' },
  rejected: { en: 'Rejected', ru: 'Жалоба отклонена' },
  amended: { en: 'Amended', ru: 'Решение изменено' },
  rationale: { en: 'Rationale', ru: 'Обоснование' },
  ruleRef: { en: 'Rule', ru: 'Правило' },
  remedyLegend: { en: 'Remedy', ru: 'Исправление' },
  remedyNone: { en: 'None', ru: 'Без исправления' },
  remedyRewind: { en: 'Rewind the match', ru: 'Вернуть матч назад' },
  remedyCorrective: { en: 'Corrective decisions', ru: 'Корректирующие решения' },
  rewindTo: { en: 'Back to the table after event', ru: 'К полю после события' },
  rewindToHint: {
    en: 'Event {seq}: {what}',
    ru: 'Событие {seq}: {what}',
  },
  cardOrderLegend: {
    en: 'Cards the voided events revealed',
    ru: 'Карты, открытые в отменяемых событиях',
  },
  cardOrderReshuffle: {
    en: 'Return them to their decks and shuffle those decks again (provably)',
    ru: 'Вернуть в колоды и перемешать эти колоды заново (проверяемо)',
  },
  cardOrderKeep: {
    en: 'Keep the order (whoever saw them knows the next cards)',
    ru: 'Оставить порядок (кто их видел, знает следующие карты)',
  },
  keepOrderReason: {
    en: 'Why the order stays (recorded)',
    ru: 'Почему порядок остаётся (записывается)',
  },
  keepOrderReasonMissing: {
    en: 'Give the reason for keeping the order of the revealed cards.',
    ru: 'Укажите, почему порядок открытых карт остаётся прежним.',
  },
  rejectedNoRemedy: {
    en: 'A rejected claim has no remedy.',
    ru: 'У отклонённой жалобы нет исправления.',
  },
  appealTitle: { en: 'Appeal to the head judge', ru: 'Апелляция главному судье' },
  appealBySeat: {
    en: 'Appealed by {name}, {when}. Reason: «{reason}»',
    ru: 'Обжалует: {name}, {when}. Причина: «{reason}»',
  },
  appealByOrganizer: {
    en: 'Appealed by the organizer, {when}. Reason: «{reason}»',
    ru: 'Обжалует: организатор, {when}. Причина: «{reason}»',
  },
  appealAnswered_upheld: {
    en: 'The head judge’s answer ({judge}, {when}): the ruling stands.',
    ru: 'Ответ главного судьи ({judge}, {when}): решение оставлено в силе.',
  },
  appealAnswered_overturned: {
    en: 'The head judge’s answer ({judge}, {when}): the ruling is overturned; the new one is above.',
    ru: 'Ответ главного судьи ({judge}, {when}): решение отменено, новое решение — выше.',
  },
  appealAnswerLegend: { en: 'The head judge’s answer', ru: 'Ответ главного судьи' },
  appealUphold: { en: 'Keep the ruling', ru: 'Оставить решение в силе' },
  appealOverturn: {
    en: 'Overturn it with a new ruling',
    ru: 'Отменить и вынести новое решение',
  },
  appealRationale: { en: 'Rationale of the answer', ru: 'Обоснование ответа' },
  appealRationaleMissing: {
    en: 'Give the rationale of the answer.',
    ru: 'Укажите обоснование ответа.',
  },
  appealNewRuling: { en: 'The new ruling', ru: 'Новое решение' },
  appealNewRationale: {
    en: 'Rationale of the new ruling',
    ru: 'Обоснование нового решения',
  },
  appealNewRewind: {
    en: 'Rewind to the event before the disputed decision (№{seq}), reshuffling the revealed cards',
    ru: 'Вернуть матч к событию перед спорным решением (№{seq}), перетасовав открытые карты',
  },
  appealAnswerButton: { en: 'Answer the appeal', ru: 'Ответить на апелляцию' },
  appealNeedsPreview: {
    en: 'An overturning answer is recorded once its preview is seen.',
    ru: 'Отменяющий ответ записывается после предпросмотра.',
  },
  appealAwaitingHead: {
    en: 'The appeal is answered by the head judge, {name}; you see it read-only.',
    ru: 'Ответ на обжалование даёт главный судья — {name}; вам оно видно только для чтения.',
  },
  appealAwaitingHeadUnnamed: {
    en: 'The appeal is answered by the head judge; you see it read-only.',
    ru: 'Ответ на обжалование даёт главный судья; вам оно видно только для чтения.',
  },
  correctiveTitle: { en: 'Corrective decisions', ru: 'Корректирующие решения' },
  correctiveHelp: {
    en: 'Chosen with the play page’s forms: only what the rules allow the seat now. The ruling records them in this order, on the seat’s behalf, in your name; its preview tries them.',
    ru: 'Выбираются в тех же формах, что на странице игры: только то, что правила сейчас позволяют этому месту. Решение запишет их в этом порядке от имени места и за вашей подписью; предпросмотр их проверит.',
  },
  correctiveSeat: { en: 'On behalf of', ru: 'За кого' },
  correctivePickSeat: { en: '— choose a seat —', ru: '— выберите место —' },
  correctiveKinds: { en: 'Decisions the rules allow', ru: 'Решения, которые позволяют правила' },
  correctiveNoKinds: {
    en: 'The rules allow this seat no decision now.',
    ru: 'Сейчас правила не позволяют этому месту ни одного решения.',
  },
  correctiveChoose: { en: 'Add to the ruling', ru: 'Добавить в решение' },
  correctiveChosen: {
    en: 'The ruling will record, in this order:',
    ru: 'Решение запишет по порядку:',
  },
  correctiveNone: {
    en: 'No corrective decision chosen yet.',
    ru: 'Корректирующие решения пока не выбраны.',
  },
  correctiveRemove: { en: 'Remove decision {n}', ru: 'Убрать решение {n}' },
  correctiveMissing: {
    en: 'Choose at least one corrective decision.',
    ru: 'Выберите хотя бы одно корректирующее решение.',
  },
  rationaleMissing: {
    en: 'Give the rationale of the ruling.',
    ru: 'Укажите обоснование решения.',
  },
  ruleRefMissing: {
    en: 'Name the rule the ruling rests on.',
    ru: 'Укажите правило, на котором основано решение.',
  },
  toSeqInvalid: {
    en: 'Name the event to rewind to by its number.',
    ru: 'Укажите номер события, к которому вернуть матч.',
  },
  previewButton: { en: 'Preview the ruling', ru: 'Предпросмотр решения' },
  issueButton: { en: 'Issue the ruling', ru: 'Вынести решение' },
  issueNeedsPreview: {
    en: 'Preview the ruling as it stands before issuing it.',
    ru: 'Перед тем как вынести решение, посмотрите его предпросмотр.',
  },
  previewTitle: {
    en: 'Preview: the table the ruling would leave (event {seq})',
    ru: 'Предпросмотр: поле после решения (событие {seq})',
  },
  previewEvents: {
    en: 'The ruling would record',
    ru: 'Решение запишет',
  },
  previewWithheld: {
    en: 'The ruling would be accepted, but its outcome is not shown: a corrective decision rolls server dice, draws or shuffles cards, and no ruling is chosen by its dice.',
    ru: 'Решение будет принято, но его исход не показан: корректирующее решение бросает кубики сервера, тянет или тасует карты, а решение судьи не выбирают по выпавшим кубикам.',
  },
  previewStale: {
    en: 'The form changed since this preview.',
    ru: 'Форма изменилась после предпросмотра.',
  },
  refused: { en: 'Refused: {detail}', ru: 'Отказано: {detail}' },
  receiptsTitle: { en: 'The judge’s receipts', ru: 'Квитанции судьи' },
  receiptsHelp: {
    en: '{n, plural, =0 {No receipts yet: each pause, comment and ruling you record here gets one, kept in this browser.} one {The server signed # receipt of what you recorded here. Save it with the ruling: with it, matchlog verify --receipts and the file check at /replay/file catch a ruling rewritten or removed later.} other {The server signed # receipts of what you recorded here. Save them with the ruling: with them, matchlog verify --receipts and the file check at /replay/file catch a ruling rewritten or removed later.}}',
    ru: '{n, plural, =0 {Квитанций пока нет: каждая пауза, комментарий и решение, записанные здесь, получают квитанцию, и она хранится в этом браузере.} one {Сервер подписал # квитанцию о том, что вы здесь записали. Сохраните её вместе с решением: по ней matchlog verify --receipts и проверка файла на /replay/file найдут решение, переписанное или удалённое позже.} few {Сервер подписал # квитанции о том, что вы здесь записали. Сохраните их вместе с решением: по ним matchlog verify --receipts и проверка файла на /replay/file найдут решение, переписанное или удалённое позже.} other {Сервер подписал # квитанций о том, что вы здесь записали. Сохраните их вместе с решением: по ним matchlog verify --receipts и проверка файла на /replay/file найдут решение, переписанное или удалённое позже.}}',
  },
  saveReceipts: { en: 'Save the receipts file', ru: 'Сохранить файл квитанций' },
  sending: { en: 'Sending…', ru: 'Отправка…' },
  judgeOnly: {
    en: 'Only a judge of this match may comment, pause and rule here.',
    ru: 'Комментировать, ставить паузу и выносить решение здесь может только судья этого матча.',
  },
});
