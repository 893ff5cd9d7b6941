import { describe, expect, it } from 'vitest';
import { askedAnswerKind, givesAnswerKind } from '../../src/agent/answerKind.js';

describe('the kind of answer a question asks for', () => {
  it('reads a price question in each language', () => {
    for (const q of [
      'how much did the Lisbon flights cost',
      'How much did I pay for the NUC?',
      "what's the price of a tram ticket in Lisbon",
      '¿Cuánto pagué por el NUC?',
      // Each tense on its own line: the perfect ("hat … gekostet", "ha costado") is how most people say the past.
      '¿Cuánto ha costado el NUC?',
      'Wie viel hat der NUC gekostet?',
      'Was kostet der NUC?',
      "combien coûte l'appartement",
      'NUCはいくらだった？',
      '上个月信用卡花了多少钱',
      'Sync 요금 한국 원화로 얼마예요?',
    ])
      expect(askedAnswerKind(q), q).toBe('amount');
  });

  it('reads a time-of-day question in each language', () => {
    for (const q of [
      'what time does the irrigation pump start',
      'At what hour do the backups run?',
      '¿A qué hora sale mi vuelo?',
      'Um wieviel Uhr beginnt das Backup?',
      "à quelle heure part l'avion",
      '新幹線は何時？',
      '下周看牙医是几点来着',
    ])
      expect(askedAnswerKind(q), q).toBe('clock');
  });

  it('reads a question for a phone number or an email address, not one asking how to change or add it', () => {
    for (const q of [
      "what's my dentist's phone number",
      'what is the phone number of Tom',
      '¿Cuál es el número de teléfono de Tom?',
      'Was ist Toms Telefonnummer?',
      'Wie lautet Toms Telefonnummer?',
      'Tomの電話番号は？',
    ])
      expect(askedAnswerKind(q), q).toBe('phone');
    for (const q of [
      "what's the email address of Maya",
      "Quelle est l'adresse e-mail de Maya ?",
      'Mayaのメールアドレス',
    ])
      expect(askedAnswerKind(q), q).toBe('email');
    for (const q of [
      "how do I change my Obsidian account's email address",
      'can I add a phone number for two-factor authentication',
      'メールアドレスを変更したい',
      'Wie ändere ich meine E-Mail-Adresse?',
    ])
      expect(askedAnswerKind(q), q).toBeNull();
  });

  it('reads the kinds in the languages told by letter n-grams (Polish, Czech, Turkish…)', () => {
    for (const q of ['Jaki jest numer telefonu Toma?', "Tom'un telefon numarası ne?", 'Vad är Toms telefonnummer?'])
      expect(askedAnswerKind(q), q).toBe('phone');
    for (const q of ['Mikä on Tomin puhelinnumero?', 'Jaké je telefonní číslo Toma?', 'Який номер телефону Тома?'])
      expect(askedAnswerKind(q), q).toBe('phone');
    for (const q of ['O której włącza się pompa?', 'Saat kaçta pompa çalışıyor?', 'Pompa jam berapa menyala?'])
      expect(askedAnswerKind(q), q).toBe('clock');
    for (const q of ['Ile kosztuje wyjazd do Lizbony?', 'Vad kostar resan?', 'Cât costă călătoria?'])
      expect(askedAnswerKind(q), q).toBe('amount');
    for (const q of ['Jaki jest adres e-mail Mayi?', 'Mayan sähköpostiosoite?'])
      expect(askedAnswerKind(q), q).toBe('email');
    // Asked how to change it, not for the value; Polish "jak" alone asks for the value ("Jak brzmi…").
    for (const q of ['Jak zmienić numer telefonu?', 'Telefon numaramı nasıl değiştiririm?'])
      expect(askedAnswerKind(q), q).toBeNull();
    expect(askedAnswerKind('Jak brzmi numer telefonu Toma?')).toBe('phone');
  });

  it('reads the kinds in Italian, Portuguese and Russian, and a question asking how to change the value as none', () => {
    for (const q of [
      'Qual è il numero di telefono di Tom?',
      'Qual é o número de telefone do Tom?',
      'Какой номер телефона у Тома?',
    ])
      expect(askedAnswerKind(q), q).toBe('phone');
    for (const q of [
      "Qual è l'indirizzo email di Maya?",
      'Qual é o endereço de e-mail da Maya?',
      'Какой адрес электронной почты у Майи?',
    ])
      expect(askedAnswerKind(q), q).toBe('email');
    expect(askedAnswerKind('Во сколько начинается концерт?')).toBe('clock');
    expect(askedAnswerKind('Сколько стоили билеты в Лиссабон?')).toBe('amount');
    // "во сколько раз" asks how many times over, not a time of day.
    expect(askedAnswerKind('Во сколько раз дороже перелёт?')).toBeNull();
    for (const q of [
      'Come cambio il numero di telefono?',
      'Como altero o número de telefone?',
      'Как изменить номер телефона?',
    ])
      expect(askedAnswerKind(q), q).toBeNull();
  });

  it('reads the kinds in Dutch, and a question asking how to change the value as none', () => {
    expect(askedAnswerKind('Wat is het telefoonnummer van Tom?')).toBe('phone');
    expect(askedAnswerKind('Wat is het e-mailadres van Maya?')).toBe('email');
    expect(askedAnswerKind('Hoe laat moet ik naar bed?')).toBe('clock');
    expect(askedAnswerKind('Hoeveel kostte de vlucht naar Lissabon?')).toBe('amount');
    expect(askedAnswerKind('Hoe kan ik mijn telefoonnummer wijzigen?')).toBeNull();
    // A Dutch clock time is written with "uur" ("23.00 uur"); a house number is no phone number.
    expect(givesAnswerKind('clock', 'Om 23.00 uur naar bed, 7,5 uur slaap')).toBe(true);
    expect(givesAnswerKind('phone', 'Buurman op nummer 14, gepensioneerd elektricien.')).toBe(false);
  });

  it('reads the kinds in Hindi, Arabic, Persian, Hebrew, Greek and Thai, and a question asking how to change the value as none', () => {
    for (const q of [
      'टॉम का फ़ोन नंबर क्या है?',
      'ما رقم هاتف توم؟',
      'شماره تلفن تام چیه؟',
      'מה מספר הטלפון של תום?',
      'Ποιος είναι ο αριθμός τηλεφώνου του Τομ;',
      'เบอร์โทรของทอมคืออะไร',
    ])
      expect(askedAnswerKind(q), q).toBe('phone');
    for (const q of ['मेरा बैंक अकाउंट नंबर क्या है?', 'ما رقم حسابي البنكي؟', 'เลขบัญชีธนาคารของฉันคืออะไร'])
      expect(askedAnswerKind(q), q).toBe('number');
    for (const q of ['टॉम की बिल्ली कितने साल की है?', 'كم عمر قط توم؟', 'בן כמה החתול של תום?', 'แมวของทอมอายุกี่ปี'])
      expect(askedAnswerKind(q), q).toBe('age');
    for (const q of [
      'कितने बजे मीटिंग है?',
      'في أي ساعة يجب أن أنام؟',
      'ساعت چند پرواز دارم؟',
      'Τι ώρα ξεκινά;',
      'ควรเข้านอนกี่โมง',
    ])
      expect(askedAnswerKind(q), q).toBe('clock');
    for (const q of ['NUC की कीमत क्या थी?', 'كم كلفت الرحلة؟', 'כמה עלה הטיסה?', 'ตั๋วราคาเท่าไหร่'])
      expect(askedAnswerKind(q), q).toBe('amount');
    for (const q of ['Mayaका ईमेल पता क्या है?', 'ما هو البريد الإلكتروني لمايا؟', 'ที่อยู่อีเมลของมายาคืออะไร'])
      expect(askedAnswerKind(q), q).toBe('email');
    // How to change it asks for steps; a Thai date question's "เท่าไหร่" asks no price.
    for (const q of [
      'फ़ोन नंबर कैसे बदलूँ?',
      'كيف أغير رقم هاتفي؟',
      'เปลี่ยนเบอร์โทรยังไง',
      'ทริปลิสบอนวันที่เท่าไหร่ถึงวันที่เท่าไหร่',
    ])
      expect(askedAnswerKind(q), q).toBeNull();
  });

  it('finds the kinds in Hindi, Arabic and Thai sentences, digits of any script included', () => {
    // A house number is no phone number, in any script; Arabic-Indic digits are digits.
    expect(givesAnswerKind('phone', '14 नंबर वाले पड़ोसी, रिटायर्ड इलेक्ट्रीशियन।')).toBe(false);
    expect(givesAnswerKind('phone', 'هاتف: ٠١٢٣٤٥٦٧٨٩')).toBe(true);
    expect(givesAnswerKind('number', 'رقم البيت ١٤')).toBe(true);
    expect(givesAnswerKind('age', 'बिल्ली 5 साल की है')).toBe(true);
    expect(givesAnswerKind('age', 'القط عمره 5 سنوات')).toBe(true);
    expect(givesAnswerKind('age', 'แมวอายุ 5 ปี')).toBe(true);
    expect(givesAnswerKind('amount', 'टिकट 500 रुपये')).toBe(true);
    expect(givesAnswerKind('amount', 'الدخول مجاني')).toBe(true);
    expect(givesAnswerKind('amount', 'ตั๋ว 500 บาท')).toBe(true);
    expect(givesAnswerKind('clock', 'मीटिंग 9 बजे है')).toBe(true);
    expect(givesAnswerKind('clock', 'ประชุม 9 โมง')).toBe(true);
    // Thai เปิด ("open") holds ปิด ("closed"): a shop open every day gives no closing.
    expect(givesAnswerKind('hours', 'ร้านเปิดทุกวัน')).toBe(false);
    expect(givesAnswerKind('hours', 'ร้านปิดวันจันทร์')).toBe(true);
    expect(givesAnswerKind('hours', 'المتجر مغلق يوم الاثنين')).toBe(true);
  });

  it("reads a question for someone's age or a place's opening hours, in each language", () => {
    for (const q of [
      'how old is Tom',
      "what age is Tom's cat",
      'Wie alt ist Toms Katze?',
      '¿Cuántos años tiene el gato de Tom?',
      '¿Qué edad tiene Maya?',
      'Quel âge a le chat de Tom ?',
      'Ile lat ma kot Toma?',
      "Tom'un kedisi kaç yaşında?",
      'Hur gammal är Toms katt?',
      '田中さんの猫は何歳？',
      '汤姆的猫几岁了？',
      '미야는 몇 살이야?',
    ])
      expect(askedAnswerKind(q), q).toBe('age');
    for (const q of [
      'what are the opening hours of the Pena Palace',
      'Öffnungszeiten der Bäckerei?',
      "Quelles sont les heures d'ouverture du musée ?",
      'ベーカリーの営業時間は？',
    ])
      expect(askedAnswerKind(q), q).toBe('hours');
  });

  it('finds an age or opening hours in a sentence, not a house number, a birthday or a date', () => {
    expect(givesAnswerKind('age', 'Mr. Biscuit is 7 years old')).toBe(true);
    expect(givesAnswerKind('age', 'Katze, 3 Jahre alt')).toBe(true);
    expect(givesAnswerKind('age', 'Ingrid (born 1958)')).toBe(true);
    expect(givesAnswerKind('age', 'Age: 34')).toBe(true);
    expect(givesAnswerKind('age', '猫は5歳')).toBe(true);
    expect(givesAnswerKind('age', 'Neighbour at number 14, retired electrician.')).toBe(false);
    expect(givesAnswerKind('age', 'Birthday: 14 January')).toBe(false);
    expect(givesAnswerKind('age', 'Wife: Ingrid; their cat Mr. Biscuit sometimes sleeps in my shed')).toBe(false);
    expect(givesAnswerKind('hours', 'Open 9–17, closed Mondays')).toBe(true);
    expect(givesAnswerKind('hours', 'Pena Palace, 09:30 to 18:00')).toBe(true);
    expect(givesAnswerKind('hours', 'Lunch at the bakery on the corner (last time: 2026-10-27)')).toBe(false);
  });

  it('asks for no kind where the words do not say', () => {
    for (const q of [
      'how much vitamin D am I taking',
      'how many devices can I sync',
      'when is my dentist appointment',
      'what time zone does Sync use',
      'what time format does the daily note use',
      '스탠다드 요금제면 노트 예전 버전 얼마 동안 보관돼?',
      '何時間かかる？',
      'how many years of daily notes can Sync keep',
      'how do I change the default age of notes',
    ])
      expect(askedAnswerKind(q), q).toBeNull();
  });

  it('finds an amount of money or a time of day in a sentence', () => {
    expect(givesAnswerKind('amount', 'Apartment (7 nights) — Estimate: €770')).toBe(true);
    expect(givesAnswerKind('amount', 'Contribution (USD) — Insider: $25; Supporter: $50')).toBe(true);
    expect(givesAnswerKind('amount', 'It costs 12 EUR a month.')).toBe(true);
    expect(givesAnswerKind('amount', 'Publishing is free for public vaults.')).toBe(true);
    expect(givesAnswerKind('amount', 'Flights: outbound Fri 09 Apr, 07:15 departure')).toBe(false);
    expect(givesAnswerKind('amount', 'Shoes: second pair, bought in October, ~210 km on them')).toBe(false);
    expect(givesAnswerKind('clock', 'Nightly restic snapshot to the USB disk at 02:00')).toBe(true);
    expect(givesAnswerKind('clock', 'The pump runs once a day in the morning.')).toBe(true);
    expect(givesAnswerKind('clock', 'Le train part à 9h30.')).toBe(true);
    expect(givesAnswerKind('clock', 'Backups laufen um 3 Uhr.')).toBe(true);
    expect(givesAnswerKind('clock', 'Lunch at the bakery on the corner roughly once a month')).toBe(false);
    expect(givesAnswerKind('clock', 'Intervals: 6 × 400 m, averaging 1.52 per rep')).toBe(false);
    expect(givesAnswerKind('phone', 'Dentist: Riverside Dental, +44 20 7946 0958')).toBe(true);
    expect(givesAnswerKind('phone', 'Call (555) 010-4477 after 9.')).toBe(true);
    expect(givesAnswerKind('phone', "15:00 Dentist receptionist didn't call back.")).toBe(false);
    expect(givesAnswerKind('phone', 'check-up on 2026-12-03 at 09:15')).toBe(false);
    expect(givesAnswerKind('email', 'Write to support@obsidian.md for help.')).toBe(true);
    expect(givesAnswerKind('email', 'Prefers Figma comments over long email threads')).toBe(false);
    expect(givesAnswerKind(null, 'anything')).toBe(true);
  });
  it('reads a question for a number that names one thing, not for how many of them', () => {
    for (const q of [
      "what's my library card number",
      "what number is jim's plot",
      "what's the cat's microchip number",
      'Wie ist meine Kontonummer?',
      'Welche Flugnummer haben wir nach Lissabon?',
      '¿Cuál es mi número de cuenta bancaria?',
      'Quel est mon numéro de compte bancaire ?',
      'Wat is mijn bankrekeningnummer?',
    ])
      expect(askedAnswerKind(q), q).toBe('number');
    for (const q of [
      'what is the maximum number of people who can share one synced vault',
      'display base results as a numbered list instead of a table',
      'how do I change the version number shown on my site',
      'my company has a VAT number, how do I stop being charged tax',
    ])
      expect(askedAnswerKind(q), q).not.toBe('number');
    // A phone number is its own kind.
    expect(askedAnswerKind("what's my landlord's phone number")).toBe('phone');
  });

  it('finds a number in a sentence, not in a date or a clock time alone', () => {
    expect(givesAnswerKind('number', 'Plot 14, next to the water butt')).toBe(true);
    expect(givesAnswerKind('number', 'Microchip: 941000024681334')).toBe(true);
    expect(givesAnswerKind('number', 'To open the web page in your browser, select the card label.')).toBe(false);
    expect(givesAnswerKind('number', 'Renewed on 2026-11-03 at 09:15')).toBe(false);
  });
});
