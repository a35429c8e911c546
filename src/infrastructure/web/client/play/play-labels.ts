import type { Lang } from '../../../../domain/rulesets/ruleset';
import { labelIn } from '../i18n';

/** The seat page's labels (ICU MessageFormat, English and Russian), loaded with its chunk. */
const PLAY_LABELS = {
  playErrorTitle: { en: 'This table cannot be shown', ru: 'Этот стол нельзя показать' },
  privateNoSeat: {
    en: 'This match is private: only its seats, its judges and its organizer see it, and your link is none of them. Open the link your organizer gave your seat.',
    ru: 'Это закрытый матч: его видят только участники, судьи и организатор, а ваша ссылка — ни одна из них. Откройте ссылку, которую организатор выдал вашему месту.',
  },
  readOnlyBadge: { en: 'Read only', ru: 'Только просмотр' },
  readOnlyNoSeat: {
    en: 'Read only: this page records for a seat, and your link gives none of this match. Open the link your organizer gave your seat.',
    ru: 'Только просмотр: на этой странице записывает ход место за столом, а ваша ссылка не даёт места в этом матче. Откройте ссылку, которую организатор выдал вашему месту.',
  },
  readOnlyOtherMatch: {
    en: 'Read only: the token of your link is for another match. Open the link your organizer gave your seat for this one.',
    ru: 'Только просмотр: токен вашей ссылки — от другого матча. Откройте ссылку, которую организатор выдал вашему месту в этом матче.',
  },
  staleReloaded: {
    en: 'The match moved on (now at event {seq}) before your decision was recorded: the table is reloaded. Check your decision and send it again.',
    ru: 'Матч ушёл вперёд (сейчас событие {seq}) раньше, чем записалось ваше решение: стол обновлён. Проверьте решение и отправьте его снова.',
  },
  liveLost: {
    en: 'The live connection is lost; reconnecting…',
    ru: 'Связь с матчем потеряна; переподключаемся…',
  },
  openReplay: { en: '← Replay of the match', ru: '← Запись матча' },
  yourTurn: { en: 'Your turn', ru: 'Ваш ход' },
  waitingFor: { en: 'Waiting for {names}', ru: 'Ход за: {names}' },
  waitingForOthers: { en: 'Waiting for the other seats', ru: 'Ждём других участников' },
  anyoneActs: { en: 'Any seat may act', ru: 'Действовать может любой участник' },
  matchEnded: { en: 'The match has ended', ru: 'Матч окончен' },
  yourDecisions: { en: 'Your decisions', ru: 'Ваши решения' },
  nothingToDecide: { en: 'Nothing to decide now.', ru: 'Сейчас решать нечего.' },
  beforeStart: { en: 'Before the start', ru: 'До начала' },
  seatClaimedAs: { en: 'Your seat is taken: {name}.', ru: 'Ваше место занято: {name}.' },
  yourName: { en: 'Your name', ru: 'Ваше имя' },
  diceEntropy: { en: 'Words for the dice (optional)', ru: 'Слова для кубиков (необязательно)' },
  diceEntropyHelp: {
    en: 'Mixed into every server roll, so that not even the server chose the dice alone. No commas.',
    ru: 'Подмешиваются в каждый бросок сервера, чтобы кубики не выбирал один сервер. Без запятых.',
  },
  claimSeat: { en: 'Take my seat', ru: 'Занять место' },
  waitingForClaims: {
    en: 'Waiting for these seats to be taken: {names}',
    ru: 'Ждём, пока займут места: {names}',
  },
  startMatch: { en: 'Start the match', ru: 'Начать матч' },
  sealedHint: {
    en: 'Sealed: your browser sends only a fingerprint of your choice; you reveal it later.',
    ru: 'Запечатано: браузер отправляет только отпечаток выбора; вы вскроете его позже.',
  },
  diceSourceLegend: { en: 'Dice', ru: 'Кубики' },
  serverRoll: { en: 'Server dice (provable)', ru: 'Кубики сервера (проверяемые)' },
  physicalDice: { en: 'Physical dice: enter the faces', ru: 'Настоящие кубики: введите грани' },
  sealThis: { en: 'Seal it (hidden until revealed)', ru: 'Запечатать (скрыто до вскрытия)' },
  formIncomplete: { en: 'Fill in the marked fields.', ru: 'Заполните отмеченные поля.' },
  checking: { en: 'Checking with the rules…', ru: 'Проверяем по правилам…' },
  wouldBeAccepted: { en: 'The rules accept it', ru: 'Правила это допускают' },
  sealChoice: { en: 'Seal my choice', ru: 'Запечатать выбор' },
  rollOnServer: { en: 'Roll', ru: 'Бросить' },
  record: { en: 'Record', ru: 'Записать' },
  cancel: { en: 'Cancel', ru: 'Отмена' },
  choose: { en: 'Choose…', ru: 'Выберите…' },
  pickOnBoard: { en: 'On the board', ru: 'На карте' },
  pickingOnBoard: { en: 'Choose on the board…', ru: 'Выберите на карте…' },
  none: { en: '(none)', ru: '(нет)' },
  removeItem: { en: 'Remove', ru: 'Убрать' },
  addItem: { en: 'Add', ru: 'Добавить' },
  dieN: { en: 'Die {n} (d{sides})', ru: 'Кубик {n} (d{sides})' },
  ruleRef: { en: 'Rule', ru: 'Правило' },
  pickSpecial: { en: 'Special', ru: 'Особое' },
  pickInHand: { en: 'In your hand', ru: 'У вас в руке' },
  pickYours: { en: 'Yours', ru: 'Ваши' },
  pickOthers: { en: 'Others', ru: 'Другие' },
  pickZones: { en: 'Places', ru: 'Места на столе' },
  pickOnMap: { en: 'On the map', ru: 'На карте' },
  pickOffMap: { en: 'Off the map', ru: 'Вне карты' },
  pickDecks: { en: 'Decks', ru: 'Колоды' },
  pickSeats: { en: 'Players', ru: 'Игроки' },
  pickFleets: { en: 'Fleets', ru: 'Флоты' },
  pickTracks: { en: 'Tracks', ru: 'Треки' },
  schemaRequired: { en: 'Required', ru: 'Обязательное поле' },
  schemaUnknownField: { en: 'Not a field of this decision', ru: 'Такого поля у решения нет' },
  schemaType: { en: 'Not a value of this kind', ru: 'Значение не того вида' },
  schemaEnum: { en: 'Choose one of the listed values', ru: 'Выберите одно из значений списка' },
  schemaPattern: { en: 'Not in the expected form', ru: 'Не в том виде, что ожидается' },
  schemaMin: { en: 'At least {n}', ru: 'Не меньше {n}' },
  schemaMax: { en: 'At most {n}', ru: 'Не больше {n}' },
  schemaMinItems: {
    en: 'Choose at least {n}',
    ru: '{n, plural, one {Выберите хотя бы один} few {Выберите не меньше #} other {Выберите не меньше #}}',
  },
  schemaMaxItems: { en: 'Choose at most {n}', ru: 'Выберите не больше {n}' },
  schemaMinLength: {
    en: '{n, plural, one {At least # character} other {At least # characters}}',
    ru: '{n, plural, one {Не короче # символа} other {Не короче # символов}}',
  },
  schemaMaxLength: {
    en: '{n, plural, one {At most # character} other {At most # characters}}',
    ru: '{n, plural, one {Не длиннее # символа} other {Не длиннее # символов}}',
  },
  waitsForYou: { en: 'Waiting for your answer', ru: 'Ждут вашего ответа' },
  undoAsked: {
    en: '{name} asks to undo back to event {seq}: «{reason}»',
    ru: '{name} просит отменить ходы до события {seq}: «{reason}»',
  },
  acceptUndo: { en: 'Accept the undo', ru: 'Согласиться на отмену' },
  rejectUndo: { en: 'Refuse', ru: 'Отказать' },
  rollReported: {
    en: '{name} reported physical dice {spec}: {faces} (event {seq})',
    ru: '{name} сообщает бросок настоящих кубиков {spec}: {faces} (событие {seq})',
  },
  confirmRoll: { en: 'I saw it: confirm', ru: 'Видел(а): подтвердить' },
  disputeRoll: { en: 'Dispute it', ru: 'Оспорить' },
  requestUndo: { en: 'Ask for an undo', ru: 'Попросить отмену' },
  undoBackTo: { en: 'Back to (the table as it was after)', ru: 'Вернуть стол к моменту после' },
  reason: { en: 'Reason', ru: 'Причина' },
  sendUndo: { en: 'Ask for the undo', ru: 'Попросить отмену' },
  openDispute: { en: 'Open a dispute', ru: 'Открыть спор' },
  disputedEvent: { en: 'The disputed event', ru: 'Оспариваемое событие' },
  claim: { en: 'What is wrong', ru: 'Что не так' },
  attachReceipts: {
    en: '{n, plural, one {Attach my # receipt} other {Attach my # receipts}}',
    ru: '{n, plural, one {Приложить мою # квитанцию} few {Приложить мои # квитанции} other {Приложить мои # квитанций}}',
  },
  sendDispute: { en: 'Open the dispute', ru: 'Открыть спор' },
  sealedChoices: { en: 'Sealed choices', ru: 'Запечатанные выборы' },
  noSealedChoices: { en: 'None waiting to be revealed.', ru: 'Ничего не ждёт вскрытия.' },
  revealWhenAllSealed: {
    en: 'It can be revealed once every side has sealed.',
    ru: 'Вскрыть можно, когда запечатают все стороны.',
  },
  revealChoice: { en: 'Reveal', ru: 'Вскрыть' },
  choiceRefused: {
    en: 'The rules refuse this choice, and a sealed choice cannot be changed. Record it void: it becomes public and counts as what the rules make of a void choice. Otherwise it stays sealed until a judge rules.',
    ru: 'Правила не допускают этот выбор, а изменить запечатанный выбор нельзя. Признайте его недействительным: он станет открытым и будет считаться тем, чем правила считают недействительный выбор. Иначе он останется запечатанным до решения судьи.',
  },
  voidChoice: { en: 'Record it void', ru: 'Признать недействительным' },
  saveSealedReceipt: { en: 'Save the sealed receipt', ru: 'Сохранить квитанцию выбора' },
  importSealedReceipt: {
    en: 'Reveal from a saved sealed receipt (another tab or device)',
    ru: 'Вскрыть по сохранённой квитанции выбора (с другой вкладки или устройства)',
  },
  chooseSealedReceipt: { en: 'Choose the receipt file', ru: 'Выбрать файл квитанции' },
  sealImportUnreadable: {
    en: 'This file is not a sealed receipt.',
    ru: 'Этот файл — не квитанция запечатанного выбора.',
  },
  sealImportOtherMatch: {
    en: 'This sealed receipt is for another match or seat.',
    ru: 'Эта квитанция — от другого матча или места.',
  },
  sealImportMismatch: {
    en: 'This sealed receipt was changed: its choice does not open its seal.',
    ru: 'Квитанция изменена: её выбор не открывает печать.',
  },
  sealImportClosed: {
    en: 'This choice is already revealed.',
    ru: 'Этот выбор уже вскрыт.',
  },
  receipts: { en: 'Receipts', ru: 'Квитанции' },
  receiptsHelp: {
    en: '{n, plural, =0 {No receipts yet.} one {The server signed # receipt of what you recorded: with it, a judge can prove nothing you recorded was cut from the log.} other {The server signed # receipts of what you recorded: with them, a judge can prove nothing you recorded was cut from the log.}}',
    ru: '{n, plural, =0 {Квитанций пока нет.} one {Сервер подписал # квитанцию о том, что вы записали: по ней судья докажет, что из журнала ничего не вырезано.} few {Сервер подписал # квитанции о том, что вы записали: по ним судья докажет, что из журнала ничего не вырезано.} other {Сервер подписал # квитанций о том, что вы записали: по ним судья докажет, что из журнала ничего не вырезано.}}',
  },
  saveReceipts: { en: 'Save the receipts file', ru: 'Сохранить файл квитанций' },
};

export type PlayLabelKey = keyof typeof PLAY_LABELS;

export function playLabel(
  key: PlayLabelKey,
  lang: Lang,
  params?: Record<string, string | number>,
): string {
  return labelIn(PLAY_LABELS, key, lang, params);
}
