import { pageWords } from '../i18n';

/** The organizer's page's words, English and Russian (ICU MessageFormat). */
export const newWords = pageWords({
  newMatch: { en: 'A new match', ru: 'Новый матч' },
  organizerTokenNeeded: {
    en: 'Creating a match takes an organizer’s token: paste it under “View as” above, or open this page from a link ending in #token=….',
    ru: 'Чтобы создать матч, нужен токен организатора: вставьте его в «Просмотр как» вверху или откройте страницу по ссылке с #token=… в конце.',
  },
  matchSection: { en: 'The match', ru: 'Матч' },
  matchTitle: { en: 'Title', ru: 'Название' },
  matchTitleHint: { en: 'Moscow Cup, round 3, table 2', ru: 'Кубок Москвы, тур 3, стол 2' },
  tournamentId: { en: 'Tournament (its id)', ru: 'Турнир (его id)' },
  tournamentIdHint: {
    en: 'Optional: a tournament you created; its judges judge this match.',
    ru: 'Необязательно: турнир, который вы создали; его судьи судят этот матч.',
  },
  publicMatch: {
    en: 'Spectators may watch it live (with a delay)',
    ru: 'Зрители могут смотреть его вживую (с задержкой)',
  },
  seatsSection: {
    en: 'Seats ({min, plural, other {#}}–{max, plural, other {#}})',
    ru: 'Места ({min, plural, other {#}}–{max, plural, other {#}})',
  },
  seatsHint: {
    en: 'A seat id names the seat in links and decisions (letters in any alphabet, digits, _ - .). The player’s name is optional: when given, the page takes the seat for the player; otherwise the player gives it when opening the link. As you type a name, registered players are suggested (by their name in Russian or Latin letters, or an alias): the seat then counts for the player you pick.',
    ru: 'Id места — его имя в ссылках и решениях (буквы любого алфавита, цифры, _ - .). Имя игрока необязательно: если оно указано, страница занимает место за игрока; иначе игрок назовётся сам, открыв ссылку. Пока вы вводите имя, страница предлагает зарегистрированных игроков (по имени кириллицей или латиницей, по псевдониму): место засчитается выбранному игроку.',
  },
  seatsHintDecks: {
    en: 'A seat id names the seat in links and decisions (letters in any alphabet, digits, _ - .). With every player’s name and deck list given, the page takes the seats, starts the match and registers the decks; otherwise each player does it from their link.',
    ru: 'Id места — его имя в ссылках и решениях (буквы любого алфавита, цифры, _ - .). Если указаны имена всех игроков и их колоды, страница займёт места, начнёт матч и зарегистрирует колоды; иначе каждый игрок сделает это по своей ссылке.',
  },
  seatId: { en: 'Seat id', ru: 'Id места' },
  seatSide: { en: 'Side', ru: 'Сторона' },
  seatFaction: { en: 'Faction', ru: 'Фракция' },
  seatPlayer: { en: 'Player’s name', ru: 'Имя игрока' },
  registeredPlayers: { en: 'Registered players', ru: 'Зарегистрированные игроки' },
  playerLinked: {
    en: 'Registered player: {ru} ({latin})',
    ru: 'Зарегистрированный игрок: {ru} ({latin})',
  },
  playerWhich: {
    en: 'Several registered players are called “{name}”: whom do you mean?',
    ru: '«{name}» — так зовут нескольких зарегистрированных игроков. Кого вы имеете в виду?',
  },
  playerCandidate: { en: '{ru} ({latin}), id {id}', ru: '{ru} ({latin}), id {id}' },
  playerCandidateAliases: {
    en: '{ru} ({latin}), id {id}; also: {aliases}',
    ru: '{ru} ({latin}), id {id}; также: {aliases}',
  },
  playerNameOnly: {
    en: 'None of them: only the name “{name}”',
    ru: 'Никто из них: только имя «{name}»',
  },
  playerAmbiguous: {
    en: 'Choose which registered player this is, below.',
    ru: 'Выберите ниже, какой это зарегистрированный игрок.',
  },
  addSeat: { en: '+ Add a seat', ru: '+ Добавить место' },
  // A seat row is named by its player, else by its number: never by the seat id.
  seatNumber: { en: 'Seat {n}', ru: 'Место {n}' },
  removeSeat: { en: 'Remove seat {n}', ru: 'Убрать место {n}' },
  /** `name` comes declined in the genitive on the Russian page («Убрать место Анны»). */
  removePlayersSeat: { en: 'Remove {name}’s seat', ru: 'Убрать место {name}' },
  deckList: { en: 'Deck list', ru: 'Список колоды' },
  deckListHint: {
    en: 'One card a line with its copies, the commander on its own line, e.g. “{example}”; or the deck as JSON.',
    ru: 'Одна карта в строке с числом копий, командор — отдельной строкой, например «{example}»; или колода в JSON.',
  },
  deckFile: { en: 'Deck from a file…', ru: 'Колода из файла…' },
  fromFile: { en: 'From a file…', ru: 'Из файла…' },
  deckUnknownCard: {
    en: 'Line {line}: the catalog has no card “{text}”.',
    ru: 'Строка {line}: в каталоге нет карты «{text}».',
  },
  deckMissing: {
    en: 'The deck list has no {text}.',
    ru: 'В списке колоды нет: {text}.',
  },
  optionsSection: { en: 'Options', ru: 'Параметры правил' },
  optionsHint: {
    en: 'Each option settles a point where the rules text is unclear; the default is preselected, and the choice is recorded in the match so a ruling can cite it.',
    ru: 'Каждый параметр решает место, где текст правил неясен; значение по умолчанию уже выбрано, выбор записывается в матч, и судья может на него сослаться.',
  },
  ruleReference: { en: 'Rule reference', ru: 'Ссылка на правила' },
  byDefault: { en: 'default', ru: 'по умолчанию' },
  yes: { en: 'Yes', ru: 'Да' },
  no: { en: 'No', ru: 'Нет' },
  setupSection: { en: 'Setup', ru: 'Расстановка' },
  setupHint: {
    en: 'Setup parameters of the ruleset; leave a field empty for its default.',
    ru: 'Параметры расстановки; пустое поле — значение по умолчанию.',
  },
  setupJsonHint: {
    en: 'JSON (a list or an object), pasted or from a file.',
    ru: 'JSON (список или объект): вставьте или загрузите из файла.',
  },
  positionSection: { en: 'Starting position', ru: 'Начальная позиция' },
  positionLabel: { en: 'Position (JSON)', ru: 'Позиция (JSON)' },
  positionHint: {
    en: 'Optional: the table at a moment, laid over the setup — pieces, decks laid out in order, tracks, the turn and the game’s own part (see the game’s page). Paste it, load it from a file, or save a moment from a replay. Decks laid out here are recorded as set by you, not shuffled.',
    ru: 'Необязательно: стол на какой-то момент поверх расстановки — фигуры, колоды в заданном порядке, треки, ход и часть правил игры (см. страницу игры). Вставьте, загрузите из файла или сохраните момент из повтора. Колоды, выложенные здесь, записываются как выложенные вами, а не перетасованные.',
  },
  positionFile: { en: 'Position from a file…', ru: 'Позиция из файла…' },
  problemNotJson: { en: 'This is not valid JSON.', ru: 'Это не JSON.' },
  problemNotInteger: { en: 'A whole number is needed.', ru: 'Нужно целое число.' },
  problemRequired: { en: 'Required.', ru: 'Обязательное поле.' },
  problemNotSeat: {
    en: 'Choose one of the seats above.',
    ru: 'Выберите одно из мест выше.',
  },
  problemSeatCount: {
    en: 'This ruleset takes {range} seats.',
    ru: 'В этих правилах {range} мест.',
  },
  fixFields: {
    en: 'Some fields need fixing: see the messages beside them.',
    ru: 'Исправьте поля: подсказки рядом с ними.',
  },
  createMatch: { en: 'Create the match', ru: 'Создать матч' },
  creating: { en: 'Creating…', ru: 'Создаём…' },
  matchCreated: { en: 'The match is created', ru: 'Матч создан' },
  linksAreSecret: { en: 'These links are secrets.', ru: 'Эти ссылки — секрет.' },
  linksAreSecretText: {
    en: 'Each one lets whoever opens it play that seat. Give each player only their own, in person or by private message; do not post them in a chat. They are shown only now.',
    ru: 'Кто откроет ссылку, тот играет за это место. Дайте каждому игроку только его ссылку, лично или в личном сообщении; не публикуйте их в общем чате. Они показаны только сейчас.',
  },
  qrFor: { en: 'QR code of the link for seat {seat}', ru: 'QR-код ссылки для места {seat}' },
  link: { en: 'Link', ru: 'Ссылка' },
  copy: { en: 'Copy', ru: 'Копировать' },
  copied: { en: 'Copied', ru: 'Скопировано' },
  organizerLink: { en: 'Your link', ru: 'Ваша ссылка' },
  organizerLinkText: {
    en: 'The match as its organizer sees it, with your token: keep it to yourself.',
    ru: 'Матч глазами организатора, с вашим токеном: не передавайте её никому.',
  },
  commitmentIs: {
    en: 'Dice commitment (sha256 of the seed, revealed at the end):',
    ru: 'Обязательство по кубикам (sha256 зерна, раскрывается в конце):',
  },
  anotherMatch: { en: 'Create another match', ru: 'Создать ещё матч' },
  stepClaimed: { en: 'Taken for {name}', ru: 'Занято за игрока {name}' },
  stepClaimedRegistered: {
    en: 'Taken for the registered player {name} ({latin})',
    ru: 'Занято за зарегистрированного игрока {name} ({latin})',
  },
  stepStarted: { en: 'Match started', ru: 'Матч начат' },
  stepDeck: { en: 'Deck registered', ru: 'Колода зарегистрирована' },
  stepClaimFailed: { en: 'The seat could not be taken:', ru: 'Место не удалось занять:' },
  stepStartFailed: { en: 'The match could not start:', ru: 'Матч не удалось начать:' },
  stepDeckFailed: { en: 'The deck was refused:', ru: 'Колода не принята:' },
});
