/**
 * What kind of answer a question asks for, where its own words say so plainly: a price ("how much did the Lisbon
 * flights cost"), a time of day ("what time does the pump start"), a phone number or an email address ("what's my
 * dentist's phone number"), an age, opening hours, a number that names one thing ("what's my library card number").
 * A sentence that holds none does not answer such a question however many of its words it
 * shares: "Flights: outbound Fri 09 Apr, 07:15 departure…" was quoted for the flights' cost, and "15:00 Dentist
 * receptionist didn't call back." for the dentist's number. Found by asking the sample vault what a person would
 * (docs/answer-quality.md, "Sixteenth session"). Only these kinds: a "how many" or "when"
 * question is answered as often by a command or a condition ("wc -l", "when the app is closed") as by a number or a
 * date, and a phone number or an address asked *how* to change or add is asked for steps, not the value.
 *
 * The question patterns cover the languages ObsiQuery answers in; the sentence patterns are the same everywhere
 * (digits with a currency sign or code, a clock time, the words for "free", "noon", "morning", digits of a phone
 * number, an address with @).
 */
import { WORD_CHAR } from '../text/wordCharacters.js';

export type AnswerKind = 'amount' | 'clock' | 'phone' | 'email' | 'age' | 'hours' | 'number';

/**
 * A pattern in which `\b` is a word edge in any script. JavaScript's own `\b` knows ASCII letters only: it finds no
 * edge after "pagué" or before "à". A word starts with a letter or a digit, never with a combining mark, which only
 * goes on from the character before it; so the start's look-ahead is the one class here without `\p{M}`.
 */
const EDGE = String.raw`(?:(?<![${WORD_CHAR}])(?=[\p{L}\p{N}])|(?<=[${WORD_CHAR}])(?![${WORD_CHAR}]))`;
const pattern = (source: string) => new RegExp(source.replaceAll(String.raw`\b`, EDGE), 'u');

/**
 * Money questions: "how much … cost/pay/spend" and their equivalents, "what's the price of". Korean 얼마 asks a price
 * alone, but "얼마 동안" and "얼마나" ask how long or how much of something.
 */
const ASKS_AMOUNT: readonly RegExp[] = [
  String.raw`\bhow much\b.*\b(?:cost|costs|costed|pay|paid|pays|paying|spend|spent|spends|spending|charge|charged|charges)\b`,
  String.raw`\bhow expensive\b`,
  String.raw`\bwhat(?:'s| is| was| are| were)? (?:the )?(?:price|cost|fee)s? (?:of|for)\b`,
  String.raw`\bcu[aá]nto\b.*\b(?:cuesta|cuestan|cost[oó]|costaron|costado|pagu[eé]|pag[oó]|pagamos|pago|gast[eé]|gast[oó]|gastamos|gasto)\b`,
  String.raw`\bqu[eé] precio\b`,
  String.raw`\bwie ?viel\b.*\b(?:kostet|kosten|kostete|kosteten|gekostet|bezahlt|gezahlt|zahle|zahlen|ausgegeben)\b`,
  String.raw`\bwas (?:kostet|kosten|kostete)\b`,
  String.raw`\bcombien\b.*\b(?:co[uû]te|co[uû]tent|co[uû]t[eé]|pay[eé]|paie|d[eé]pens[eé])\b`,
  String.raw`\bquel (?:est le |était le )?prix\b`,
  // Dutch (thirty-seventh session: the personal vault in Dutch).
  String.raw`\bhoeveel\b.*\b(?:kost|kosten|kostte|kostten|gekost|betaal|betaalde|betaald|uitgegeven)\b|\bwat (?:kost|kosten|kostte)\b`,
  String.raw`\bquanto\b.*\b(?:custa|custam|custou|paguei|gastei|costa|costano|costato|pagato|speso)\b`,
  // Polish, Czech, Ukrainian, Turkish, Vietnamese, Indonesian, Swedish, Danish, Norwegian, Romanian, Finnish, Hungarian.
  String.raw`\bile\b.*\b(?:kosztuje|kosztują|kosztował\p{L}*|zapłaci\p{L}*|wyda\p{L}*)\b|\bjaka (?:jest )?cena\b`,
  String.raw`\bkolik\b.*\b(?:stojí|stál\p{L}*|zaplati\p{L}*|utrati\p{L}*)\b`,
  String.raw`\bскільки\b.*\b(?:коштує|коштують|коштував\p{L}*|заплати\p{L}*|витрати\p{L}*)\b`,
  String.raw`\bсколько\b.*\b(?:стоит|стоят|стоил\p{L}*|заплати\p{L}*|потрати\p{L}*)\b`,
  String.raw`\bkaç para\b|\bne kadar\b.*\b(?:tut\p{L}*|öde\p{L}*|harca\p{L}*|maliyet\p{L}*)\b`,
  String.raw`bao nhiêu tiền|giá (?:là )?bao nhiêu`,
  String.raw`\bberapa (?:harga|biaya|ongkos)\b|\b(?:harga|biaya)\p{L}*\b.*\bberapa\b`,
  String.raw`\b(?:vad|hur mycket|hvad|hvor meget|hva|hvor mye) (?:kostar|kostade|betalade|koster|kostede|kostet|betalte)\b`,
  String.raw`\bc[âa]t (?:cost[ăa]|a costat|au costat|am pl[ăa]tit)\b`,
  String.raw`\b(?:paljonko|kuinka paljon|mitä)\b.*\b(?:maksaa|maksoi|maksoivat|maksoin)\b`,
  String.raw`\bmennyibe (?:kerül|került)\b|\bmennyit (?:fizettem|fizettünk|költöttem)\b`,
  String.raw`いくら|何円|多少钱|多少錢|花了多少|얼마(?!\s?동안|나)`,
  // Hindi, Arabic, Persian, Hebrew, Greek, Thai (the forty-seventh session: the phrase languages of the forty-second).
  // Thai writes no spaces, so its patterns have no word edges; "เท่าไหร่" alone also asks a date ("วันที่เท่าไหร่").
  String.raw`\bकितन(?:ा|े|ी)\b.*(?:खर्च|लग(?:ा|े|ी)\b|दाम|(?:\u0958|\u0915\u093C?)ीमत|पैसे|रुपय?े|रुपए|चुका|भुगतान)|\b(?:(?:\u0958|\u0915\u093C?)ीमत|दाम)\b.*\b(?:क्या|कितन(?:ा|ी|े))\b`,
  String.raw`\bكم\b.*(?:تكلف|يكلف|كلف|دفعت|دفعنا|أنفقت|صرفت|سعر|ثمن)|\bما (?:هو |هي )?(?:سعر|ثمن|تكلفة)\b|\bبكم\b`,
  String.raw`\bچقدر\b.*(?:هزینه|قیمت|پرداخت|خرج|پول)|\bقیمت\p{L}*\b.*\b(?:چند|چقدر|چیه|چیست)\b|\bچند (?:تومان|ریال|دلار|یورو)\b`,
  String.raw`\bכמה (?:עולה|עולים|עולות|עלה|עלתה|עלו|שילמתי|שילמנו|הוצאתי|הוצאנו)\b|\bמה (?:ה)?מחיר\b`,
  String.raw`\bπόσο (?:κοστίζει|κοστίζουν|κόστισε|κόστισαν|πλήρωσα|πληρώσαμε|ξόδεψα|κάνει)\b|\b(?:ποια (?:είναι |ήταν )?η|τι) τιμή\b`,
  String.raw`ราคาเท่าไ|ราคากี่|กี่บาท|(?:จ่าย|เสียเงิน)(?:ไป)?เท่าไ|ค่า[\p{L}\p{M}]{1,12}เท่าไ`,
].map(pattern);

/** Time-of-day questions: "what time", "at what hour", "a qué hora", "um wie viel Uhr", "à quelle heure", 何時, 几点. */
const ASKS_CLOCK: readonly RegExp[] = [
  String.raw`\b(?:what|which) time\b(?! ?(?:zones?|formats?|stamps?|frames?|spans?|limits?|periods?|line|blocks?)\b)`,
  String.raw`\bat what hour\b`,
  String.raw`\ba qu[eé] hora\b`,
  String.raw`\bum wie ?viel uhr\b`,
  String.raw`\b[àa] quelle heure\b`,
  String.raw`\b(?:a )?que horas\b`,
  String.raw`\ba che ora\b`,
  String.raw`\bhoe laat\b`,
  String.raw`\bво сколько\b(?! раз)|\bв котором часу\b|\bo której(?: godzinie)?\b|\bv kolik(?: hodin)?\b|\bо котрій\b|\bsaat ka[çc](?:ta)?\b|mấy giờ`,
  String.raw`\b(?:jam|pukul) berapa\b|\bhur dags\b|\bvilken tid\b|\bhva(?:d)? tid\b|\bla ce or[ăa]\b`,
  String.raw`\bmihin aikaan\b|\bmonelta(?:ko)?\b|\bhány órakor\b|\bhánykor\b`,
  String.raw`何時(?!間)|几点|幾點|몇 ?시(?!간)`,
  String.raw`\bकितने बजे\b|\bकिस (?:समय|वक़?्त|वक़्त)\b|\bكم الساعة\b|\bالساعة كم\b|\b(?:في )?أي ساعة\b|\bفي أي وقت\b`,
  String.raw`\bچه ساعتی\b|\bساعت چند\b|\bבאיזו שעה\b|\bבאיזה שעה\b|\bτι ώρα\b|\bποια ώρα\b|กี่โมง|กี่ทุ่ม|เวลาไหน|เวลาอะไร`,
].map(pattern);

/**
 * Age questions: "how old", "what age", and their equivalents. "How old" stands before the steps test below: it is
 * no "how do I". Japanese いくつ and Chinese 多大 alone ask "how many" and "how big" as often, so only with 歳/了.
 */
const ASKS_AGE: readonly RegExp[] = [
  String.raw`\bhow old\b|\bwhat age\b|\bthe age of\b`,
  String.raw`\bcu[aá]ntos años (?:tiene|tienen|ten[ií]a|cumple|cumpli[oó])\b|\bqu[eé] edad\b`,
  String.raw`\bwie alt\b|\bwelches alter\b`,
  String.raw`\bquel [âa]ge\b`,
  String.raw`\bquantos anos (?:tem|t[eê]m|tinha|faz)\b|\bque idade\b|\bquanti anni\b|\bche et[àa]\b|\bhoe oud\b`,
  String.raw`\bсколько (?:ему |ей |им )?лет\b|\bкакой возраст\b|\bскільки (?:йому |їй )?років\b|\bякий вік\b`,
  String.raw`\bile lat\b|\bw jakim wieku\b|\bkolik (?:je )?(?:mu |jí )?let\b|\bkaç yaşında\b|\bkaç yaş\p{L}*\b`,
  String.raw`bao nhiêu tuổi|mấy tuổi|\bberapa (?:umur|usia)\b|\b(?:umur|usia)\p{L}* berapa\b`,
  String.raw`\bhur gammal\b|\bhvor gammel\b|\bhvor gamle\b|\bc[âa][țt]i ani (?:are|avea|au)\b|\bce v[âa]rst[ăa]\b`,
  String.raw`\b(?:kuinka|miten) vanha\b|\bminkä ikäinen\b|\bhány éves\b`,
  String.raw`何歳|何才|年齢|几岁|幾歲|多少岁|多少歲|多大了|多大年纪|年龄|年紀|몇 ?살|나이`,
  String.raw`\bकितने साल (?:का|की|के)\b|\bकितनी उम्र\b|\b(?:उम्र|आयु)\b|\b(?:كم|ما) (?:هو |هي )?عمر\p{L}*\b|\bمن العمر\b`,
  String.raw`\bچند سال\p{L}*\b|\bسن\b|\b(?:בן|בת) כמה\b|\bמה (?:ה)?גיל\b|\bπόσων χρονών\b|\bπόσο χρονών\b|\bηλικία\b|อายุ|กี่ขวบ`,
].map(pattern);

/** Opening-hours questions ("what are the opening hours of…", "Öffnungszeiten", 営業時間). */
const ASKS_HOURS: readonly RegExp[] = [
  String.raw`\bopening (?:hours|times)\b|\bbusiness hours\b|\bhorarios? de (?:apertura|atenci[oó]n)\b`,
  String.raw`\b[öo]ffnungszeit\p{L}*|\b(?:heures|horaires) d'ouverture\b|\borari\p{L}* di apertura\b`,
  String.raw`\bhor[áa]rios? de funcionamento\b|\bopeningstijden\b|\bчасы работы\b|\bgodziny otwarcia\b`,
  String.raw`\boteví\p{L}* dob\p{L}*|\bгодини роботи\b|\baçılış saat\p{L}*|giờ mở cửa|\bjam (?:buka|operasional)\b`,
  String.raw`\böppettider\b|\båbningstider\b|\båpningstider\b|\bprogram(?:ul)? de funcționare\b|\baukioloa\p{L}*|\bnyitvatartás\p{L}*`,
  String.raw`営業時間|開館時間|营业时间|營業時間|开放时间|開放時間|영업 ?시간|운영 ?시간`,
  String.raw`\bखुलने का समय\b|\bساعات (?:العمل|الدوام|الفتح)\b|\b(?:مواعيد|أوقات) (?:العمل|الدوام|الفتح)\b|\bساعات? کار\p{L}*\b|\bשעות (?:ה)?(?:פתיחה|פעילות)\b`,
  String.raw`\bωράριο\b|\bώρες λειτουργίας\b|เวลาเปิด|เวลาทำการ|เปิดทำการ`,
].map(pattern);

/** Asking for someone's phone number or email address, in each language ("what's Priya's phone number"). */
const ASKS_PHONE: readonly RegExp[] = [
  String.raw`\b(?:phone|telephone|mobile|cell|cellphone) ?(?:number|no)\b`,
  String.raw`\bn[uú]mero de (?:tel[eé]fono|m[oó]vil|celular)\b`,
  String.raw`\b(?:telefon|handy|mobil)nummer\b|\b(?:telefoon|mobiel|gsm)-?nummer\b`,
  String.raw`\bnum[eé]ro de (?:t[eé]l[eé]phone|portable|mobile)\b`,
  String.raw`\bnumero di (?:telefono|cellulare)\b|\bn[uú]mero de (?:telefone|telem[oó]vel)\b`,
  String.raw`\bномер (?:телефона|мобильного|сотового)\b`,
  String.raw`\bnumer (?:telefonu|komórki)\b|\b(?:telefonní|mobilní) číslo\b|\bčíslo (?:telefonu|mobilu)\b`,
  String.raw`\bномер (?:телефону|мобільного)\b|\b(?:telefon|cep) numara\p{L}*\b|số điện thoại`,
  String.raw`\bnomor (?:telepon|hp|ponsel|handphone)\b|\b(?:telefon|mobil)numme[rt]\p{L}*|\bnum[ăa]r(?:ul)? de telefon\b`,
  String.raw`\bpuhelinnumero\p{L}*|\btelefonsz[áa]m\p{L}*`,
  String.raw`電話番号|电话号码|電話號碼|手机号|手機號|전화번호|휴대폰 ?번호`,
  String.raw`\b(?:(?:टेली)?(?:\u095E|\u092B\u093C?)ोन|मोबाइल) (?:नंबर|नम्बर)\b|\bرقم (?:ال)?(?:هاتف|جوال|موبايل|تلفون|تليفون)\p{L}*`,
  String.raw`\bشماره (?:تلفن|موبایل|همراه|تماس)\p{L}*|\b(?:מספר|מס') (?:ה)?(?:טלפון|נייד|פלאפון)\b|\b(?:αριθμ\p{L}*|νούμερο) (?:τηλεφώνου|κινητού)\b`,
  String.raw`เบอร์(?:โทร|มือถือ)|หมายเลขโทรศัพท์`,
].map(pattern);
const ASKS_EMAIL: readonly RegExp[] = [
  String.raw`\b(?:e-?mail|mail) address\b`,
  String.raw`\bdirecci[oó]n de (?:correo|e-?mail)\b`,
  String.raw`\b(?:e-?mail|mail)-?(?:adresse|adres)\b`,
  String.raw`\badresse (?:e-?mail|mail|électronique)\b`,
  String.raw`\bindirizzo (?:e-?mail|di posta)\b|\bendere[çc]o de (?:e-?mail|correio)\b|\bадрес\p{L}* (?:электронной почты|почты|e-?mail)\b`,
  String.raw`\badres(?:u)? e-?mail\b|\be-?mailov[áa] adres\p{L}*|\bадрес\p{L}* (?:електронної пошти|e-?mail)\b`,
  String.raw`\be-?posta adres\p{L}*|địa chỉ email|\balamat (?:e-?mail|surel)\b|\be-?postadress\p{L}*|\be-?mail-?adresse\p{L}*`,
  String.raw`\badres[aă] de e-?mail\b|\bsähköpostiosoite\p{L}*|\be-?mail ?c[íi]m\p{L}*`,
  String.raw`メールアドレス|邮箱地址|电子邮件地址|邮件地址|電子郵件地址|이메일 ?주소`,
  String.raw`\b(?:ईमेल|ई-मेल) (?:पता|आईडी|एड्रेस)\b|\bالبريد الإلكتروني\b|\bبريد\p{L}* الإلكتروني\b|\b(?:الإيميل|الايميل)\b`,
  String.raw`\bآدرس (?:ایمیل|پست الکترونیک)\p{L}*|\bכתובת (?:ה)?(?:אימייל|מייל|דוא"ל|דואר האלקטרוני|דואר אלקטרוני)\b|\bδιεύθυνση (?:e-?mail|email|ηλεκτρονικού ταχυδρομείου)\b`,
  String.raw`ที่อยู่อีเมล|อีเมล์?ของ`,
].map(pattern);
/**
 * Asking for a number that names one thing ("what's my library card number", "what number is Jim's plot", "Wie ist
 * meine Kontonummer?", "¿Cuál es mi número de cuenta?"): an account, a card, a flight, a plot, a microchip. Not "the
 * number of": that asks how many, answered as often by "unlimited" or a condition as by digits. Phone numbers are
 * ASKS_PHONE's. Found by fresh off-topic questions over the help vault (`offtopic-en-4-tune`): "what's my library card
 * number" got "…press Ctrl (or Cmd on macOS) and select the card label.", which names no number.
 */
const ASKS_NUMBER: readonly RegExp[] = [
  String.raw`\b(?:what|which)(?:'s| is| was| are| were)? (?:my|the|our|your|his|her|their|[\p{L}]+'s?)(?: [\p{L}-]+(?:'s)?){0,3} (?:number|no)\b(?! of\b)`,
  String.raw`\b(?:what|which) number\b`,
  // German and Dutch compounds ("Kontonummer", "bankrekeningnummer"), Romance "número de…", "numéro de…", "numero di…".
  String.raw`\b\p{L}{3,}nummer\b|\bn[uú]mero (?:de|da|do|del)\b|\bnum[ée]ro (?:de|d'|du)|\bnumero (?:di|del|della)\b`,
  // Hindi नंबर, Arabic رقم, Persian شماره name a thing's number ("the number of", how many, is संख्या, عدد, تعداد);
  // Hebrew מספר and Greek αριθμός say both, so only asked for ("what is the number"); Thai เลข, หมายเลข.
  String.raw`\b(?:नंबर|नम्बर)\b|\bرقم\p{L}{0,2}\b|\bشماره\p{L}{0,2}\b|\bמה (?:ה)?מספר\b|\bποιος (?:είναι |ήταν )?ο αριθμός\b|เลข|หมายเลข`,
].map(pattern);

/**
 * A question about doing something with the number or the address ("how do I change my account's email address",
 * "can I add a phone number for 2-factor") asks for steps, not for the value. Not German "wie": "Wie lautet Toms
 * Telefonnummer?" asks for the number.
 */
const ASKS_HOW = pattern(
  String.raw`\b(?:how|why|can|could|should|change|changing|update|add|adding|set|verify|enter|remove|delete|reset|cómo|puedo|cambiar|kann|ändern|ändere|comment|puis|changer|どう|どうやって|変更|如何|怎么|更改|어떻게|변경)\b|変更|更改|변경` +
    // Not Polish "jak" and Ukrainian "як" either ("Jak brzmi numer telefonu Toma?" asks for the number).
    String.raw`|\b(?:nasıl|làm sao|như thế nào|bagaimana|hur|hvordan|cum|miten|hogyan|zmieni\p{L}*|změni\p{L}*|змінити|değiştir\p{L}*|thay đổi|ubah|mengubah|ändra|ændre|endre|schimb\p{L}*|vaihda\p{L}*|változtat\p{L}*)\b` +
    // Italian, Portuguese, Russian: the verbs only ("come" is English, "como" is Spanish's above, "как" asks a name too).
    String.raw`|\b(?:cambiare|cambio|modificare|modifico|aggiungere|alterar|altero|mudar|mudo|adicionar|изменить|поменять|добавить)\b` +
    // Dutch: the verbs only ("hoe luidt het telefoonnummer van Tom?" asks for the number).
    String.raw`|\b(?:wijzigen|wijzig|veranderen|verander|toevoegen|voeg|aanpassen|instellen)\b` +
    // Hindi, Arabic, Persian, Hebrew, Greek, Thai: how, change, add.
    String.raw`|\b(?:कैसे|बदल[\p{L}\p{M}]*|जो(?:\u095C|\u0921\u093C)[\p{L}\p{M}]*|كيف|تغيير|أغير|اغير|تعديل|إضافة|اضافة|أضيف|چطور|چگونه|تغییر|اضافه|איך|כיצד|לשנות|להוסיף|לעדכן|πώς|αλλάξω|αλλαγή|προσθέσω)\b|ยังไง|อย่างไร|เปลี่ยน|เพิ่ม|แก้ไข`,
);

/** Digits with a currency sign or a currency's name or code, on either side; or the words for "free". */
const AMOUNT =
  /[$€£¥₹₩₽]\s?\d|\d\s?[$€£¥₹₩₽]|\d[\d.,]*\s?(?:eur|euros?|usd|dollars?|pounds?|gbp|yen|jpy|chf|francs?|kr|sek|nok|dkk|pesos?|円|元|块|원|ドル|ユーロ|美元|欧元|달러|유로|रुपय?े|रुपए|रु\.|ريال|درهم|جنيه|دينار|دولار|يورو|تومان|شيكل|ש"ח|שקל\p{L}*|ευρώ|บาท)(?![\p{L}])|(?<![\p{L}])(?:free|gratis|kostenlos|gratuit|gratuite|gratuito|gratuita|मुफ़्त|मुफ्त|निःशुल्क|مجاني\p{L}*|مجانا|مجانًا|رایگان|חינם|δωρεάν)(?![\p{L}])|無料|免费|무료|ฟรี/iu;

/** A clock time (09:15, 9h30, 7 am, 15 Uhr, 7時, 7点, 7시) or a word for a time of day. */
const CLOCK =
  /(?<!\d)\d{1,2}(?::\d{2}|h\d{2})(?!\d)|(?<!\d)\d{1,2}\s?(?:am|pm|a\.m\.|p\.m\.|uhr|uur|o'clock|h)(?![\p{L}])|\d{1,2}\s?(?:時|点|點|시)|(?<![\p{L}])(?:noon|midnight|morning|mornings|afternoon|evening|evenings|night|tonight|mediod[ií]a|medianoche|madrugada|mittags?|mitternacht|morgens|abends|nachts|midi|minuit|matin|soir|meio-dia|mezzogiorno|mezzanotte|middag|ochtends?|avonds?)(?![\p{L}])|(?<!\d)\d{1,2}\s?(?:बजे|โมง|ทุ่ม|น\.)|(?:الساعة|ساعت|בשעה)\s?[\d٠-٩۰-۹]|(?<![\p{L}\p{M}])(?:सुबह|शाम|दोपहर|रात|صباحا?|صباحًا|مساء|مساءً|ظهرا|ظهرًا|صبح|عصر|ظهر|شب|בבוקר|בערב|בצהריים|πρωί|απόγευμα|βράδυ|μεσημέρι)(?![\p{L}\p{M}])|正午|午前|午後|深夜|中午|午夜|早上|晚上|정오|자정|오전|오후|ตอนเช้า|ตอนบ่าย|ตอนเย็น|เที่ยง/iu;

/**
 * An age: a number with a unit of time ("7 years", "3 Monate", "30 days", "5歳", "34 yaş"), a label with a number ("Age: 34"),
 * or the words for being born. A bare number is none ("Neighbour at number 14"), nor a birthday ("Birthday: 14
 * January"), which gives the day, not the years.
 */
const AGE = new RegExp(
  String.raw`\d+(?:[.,]\d+)?\s?-?(?:years?|yrs?|y\.?o\.?|months?|weeks?|days?|jahre?n?|monate?n?|wochen|tage?n?|años|meses|semanas|días|ans|mois|semaines|jours|giorni|dias|dagen|дней|дня|dni|dní|днів|gün|ngày|hari|dagar|dage|dager|zile|päivää|nap|anni|mesi|anos|jaar|maanden|weken|лет|года?|месяц\p{L}*|років|роки|рік|місяц\p{L}*|lat|lata|roku|miesi\p{L}*|let|roky|rok|měsí\p{L}*|yaş\p{L}*|aylık|ay|tuổi|tháng|tahun|bulan|år|månader|måneder|ani|luni|vuotta|vuotias|kuukau\p{L}*|éves|év|hónap\p{L}*|साल|वर्ष|महीन(?:ा|े)|दिन|سنة|سنوات|عام|أعوام|شهرا?|أشهر|أيام|يوما?|سال\p{L}*|ماه\p{L}*|روز\p{L}*|שנים|שנה|חודשים|ימים|χρονών|ετών|χρόνια|μηνών|ημερών)(?![\p{L}\p{M}])` +
    String.raw`|\d+\s?(?:歳|才|岁|歲|살|ヶ月|か月|个月|個月|개월|ปี|ขวบ|เดือน)|(?<![\p{L}])(?:בן|בת)\s?\d` +
    String.raw`|(?<![\p{L}])(?:age|alter|edad|[âa]ge|et[àa]|idade|leeftijd|возраст|wiek|věk|вік|ya[şs]|umur|usia|ålder|alder|v[âa]rst[ăa]|ikä|kor|उम्र|आयु|العمر|عمر|سن|גיל|ηλικία)\s?[:：]?\s?\d|อายุ\s?\d` +
    String.raw`|(?:年齢|年龄|나이)\s?[:：]?\s?\d` +
    String.raw`|(?<![\p{L}])(?:born|geboren|naci[óo]|nacida|nacido|n[ée]e?|nat[oa]|nasceu|nascid[oa]|родил\p{L}*|народи\p{L}*|urodzi\p{L}*|narodil\p{L}*|doğdu|doğum(?! günü)\p{L}*|lahir|född|født|n[ăa]scut\p{L}*|syntyi|született|जन्म|पैदा|ولد|ولدت|مولود|متولد|נולד|נולדה|γεννήθηκε)(?![\p{L}])|生まれ|出生|태어|เกิด`,
  'iu',
);

/**
 * Opening hours: a clock time, a range of hours ("9–17", "10-18 h"; not a date's "10-27"), or the words for closed.
 */
const HOURS = new RegExp(
  String.raw`(?<![\d./-])\d{1,2}(?:[:.h]\d{2})?\s?(?:–|-|to|bis|a|à|до|do)\s?\d{1,2}(?:[:.h]\d{2})?(?!\d|[./-]\d)|(?<![\p{L}])(?:closed|geschlossen|cerrado|fermé|chiuso|fechado|gesloten|закрыт\p{L}*|zamknięte|zavřeno|kapalı|đóng cửa|tutup|stängt|lukket|stengt|închis|suljettu|zárva|बंद|مغلق|تعطیل|بسته|סגור|κλειστ\p{L}*)(?![\p{L}\p{M}])|定休日|休館|休息|휴무|(?<!เ)ปิด`,
  'iu',
);

/** Seven digits or more, as a phone number writes them (+44 20 7946 0958, 030-1234567, (555) 010-4477). */
const PHONE = /(?<![\p{L}\p{N}])\+?\(?\p{Nd}[\p{Nd} ()./-]{5,}\p{Nd}(?![\p{N}])/u;
const DATE_OR_TIME = /\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}:\d{2}(?::\d{2})?/g;
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/u;

/** What gives each kind of answer. */
const GIVES: Readonly<Record<AnswerKind, (text: string) => boolean>> = {
  amount: (t) => AMOUNT.test(t),
  clock: (t) => CLOCK.test(t),
  // Dates and clock times are digits too ("on 2026-12-03 at 09:15"), not a number to call.
  phone: (t) =>
    [...t.replace(DATE_OR_TIME, ' ').matchAll(new RegExp(PHONE, 'gu'))].some(
      (m) => (m[0].match(/\p{Nd}/gu) ?? []).length >= 7,
    ),
  email: (t) => EMAIL.test(t),
  // Digits that are not a date or a clock time: "Plot 14", "Chip: 941000024681334", "DE89 3704 0044".
  number: (t) => /\p{Nd}/u.test(t.replace(DATE_OR_TIME, ' ')),
  age: (t) => AGE.test(t),
  hours: (t) => CLOCK.test(t) || HOURS.test(t),
};

/** The kind of answer the question asks for, or null when its words do not say. */
export function askedAnswerKind(question: string): AnswerKind | null {
  const q = question.toLowerCase().replace(/[’‘]/g, "'");
  if (ASKS_AMOUNT.some((p) => p.test(q))) return 'amount';
  if (ASKS_CLOCK.some((p) => p.test(q))) return 'clock';
  if (ASKS_AGE.some((p) => p.test(q))) return 'age';
  if (ASKS_HOURS.some((p) => p.test(q))) return 'hours';
  if (ASKS_HOW.test(q)) return null;
  if (ASKS_PHONE.some((p) => p.test(q))) return 'phone';
  if (ASKS_EMAIL.some((p) => p.test(q))) return 'email';
  if (ASKS_NUMBER.some((p) => p.test(q))) return 'number';
  return null;
}

/** Whether a sentence (with the heading it stands under) gives an answer of that kind; any sentence for null. */
export function givesAnswerKind(kind: AnswerKind | null, text: string): boolean {
  return kind === null || GIVES[kind](text);
}
