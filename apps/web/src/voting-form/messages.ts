/**
 * The public voting form's own small message table (no i18next: the page must stay small).
 * Error texts from the server come already localised in its `message`; the texts below cover the page itself
 * and the few errors the page finds on its own (no connection, a voting not yet begun or already over).
 */
export type Locale = 'en' | 'ru';

const en = {
  pageTitle: 'Voting',
  description: "A voting of the AIPM members' portal: confirm your e-mail and give your answer.",
  language: 'Language',
  loading: 'Loading the voting…',
  openUntil: 'Open until {date}',
  startsOn: 'Starts {date}',
  stepOf: 'Step {n} of {total}',
  emailHeading: 'Your e-mail',
  emailIntro: 'Enter the e-mail address you use in the members’ portal.',
  emailLabel: 'E-mail',
  continue: 'Continue',
  wait: 'Please wait…',
  optionsHeading: 'Options',
  codeHeading: 'Confirmation code',
  codeIntro: 'We have sent a 6-digit code to {email}. It is valid for 15 minutes.',
  codeLabel: '6-digit code',
  resendCode: 'Send a new code',
  codeResent: 'A new code has been sent to {email}.',
  codeStillValid: 'The code sent to {email} less than a minute ago is still valid. Please check your mailbox; a new code can be sent after a minute.',
  changeEmail: 'Change e-mail',
  answersHeading: 'Your answer',
  chooseOne: 'Choose one answer.',
  chooseRange: 'Choose from {min} to {max} answers.',
  chooseExactly: 'Choose {n} answers.',
  chosenCount: 'Chosen: {n} of {max}',
  back: 'Back',
  confirmHeading: 'Confirm your response',
  confirmText: 'Your response is final. Send it?',
  yourChoice: 'Your choice',
  send: 'Send response',
  changeAnswers: 'Change answers',
  receiptHeading: 'Thank you! Your response has been received.',
  receiptTime: 'Received',
  receiptCode: 'Receipt code',
  receiptNote: 'Keep this code: it confirms that your response was received. It does not show your choice.',
  notBegun: 'Voting has not begun yet.',
  over: 'Your vote is rejected, the voting is over.',
  notExist: 'Voting is not exist',
  network: 'No connection to the server. Please check your network and try again.',
  somethingWrong: 'Oops! Something went wrong.',
  emailInvalid: 'Please enter a valid e-mail.',
  codeFormat: 'Enter the 6 digits from the e-mail.',
  retry: 'Try again',
  checkAgain: 'Check again',
};

export type MessageKey = keyof typeof en;

const ru: Record<MessageKey, string> = {
  pageTitle: 'Голосование',
  description: 'Голосование на портале членов AIPM: подтвердите эл. почту и дайте ответ.',
  language: 'Язык',
  loading: 'Загружаем голосование…',
  openUntil: 'Открыто до {date}',
  startsOn: 'Начало: {date}',
  stepOf: 'Шаг {n} из {total}',
  emailHeading: 'Ваша эл. почта',
  emailIntro: 'Введите адрес эл. почты, под которым вы зарегистрированы на портале.',
  emailLabel: 'Эл. почта',
  continue: 'Продолжить',
  wait: 'Подождите…',
  optionsHeading: 'Варианты ответа',
  codeHeading: 'Код подтверждения',
  codeIntro: 'Мы отправили 6-значный код на {email}. Он действует 15 минут.',
  codeLabel: '6-значный код',
  resendCode: 'Отправить новый код',
  codeResent: 'Новый код отправлен на {email}.',
  codeStillValid: 'Код, отправленный на {email} меньше минуты назад, всё ещё действует. Проверьте почту; новый код можно получить через минуту.',
  changeEmail: 'Изменить эл. почту',
  answersHeading: 'Ваш ответ',
  chooseOne: 'Выберите один ответ.',
  chooseRange: 'Выберите от {min} до {max} ответов.',
  chooseExactly: 'Выберите ответов: {n}.',
  chosenCount: 'Выбрано: {n} из {max}',
  back: 'Назад',
  confirmHeading: 'Подтвердите ответ',
  confirmText: 'Ответ нельзя будет изменить. Отправить его?',
  yourChoice: 'Ваш выбор',
  send: 'Отправить ответ',
  changeAnswers: 'Изменить ответ',
  receiptHeading: 'Спасибо! Ваш ответ принят.',
  receiptTime: 'Принят',
  receiptCode: 'Код квитанции',
  receiptNote: 'Сохраните этот код: он подтверждает, что ваш ответ принят. Ваш выбор по нему не виден.',
  notBegun: 'Голосование ещё не началось.',
  over: 'Ваш голос отклонён, голосование завершено.',
  notExist: 'Голосование не существует',
  network: 'Нет связи с сервером. Проверьте подключение и попробуйте снова.',
  somethingWrong: 'Упс! Что-то пошло не так.',
  emailInvalid: 'Пожалуйста, введите корректную эл. почту.',
  codeFormat: 'Введите 6 цифр из письма.',
  retry: 'Попробовать снова',
  checkAgain: 'Проверить снова',
};

const TABLES: Record<Locale, Record<MessageKey, string>> = { en, ru };
export const LOCALE_TAG: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU' };
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', ru: 'Русский' };

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const table = TABLES[locale];
  return (key, params) => table[key].replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}
