/**
 * Every stop-word list ObsiQuery uses, in one place. Pure data with no imports, so the renderer can import it as
 * well as the Node side.
 *
 * The lists differ on purpose, because each answers a different question:
 * - `QUERY_STOPWORDS`: words too common to help ranking, in every language we answer in. Dropped from queries
 *   only (the index keeps them, so phrase order holds); also what the answer checks treat as not content
 *   (src/agent/relevance.ts reads them through segment.ts's queryTerms).
 * - `KEY_WORD_STOPWORDS`: more function words (German, Russian) that the answer relevance rule never counts as a
 *   question's key words, though search keeps them.
 * - `HIGHLIGHT_STOPWORDS`: English words the search view does not mark in snippets. It is matched against raw
 *   lower-cased words (not folded), and a few words stay marked that ranking ignores ("can", "if", "will").
 * - `FILTER_STOPWORDS`: words that do not make two texts "about the same thing" when the filter agent checks a
 *   proposal against the question; adds ordinals and "one(s)", which questions use to pick among results.
 * - `LANGUAGE_FUNCTION_WORDS`: the most frequent function words of each Latin-script language, as evidence for
 *   language detection. Words shared by several languages (e.g. "a", "de", "la", "en") are kept out of all lists
 *   but the one where they matter most, or left out entirely, so that a hit is evidence for one language.
 */

/** Space-separated so the lists stay readable (one line per group, wrapped). */
const words = (...lines: string[]): readonly string[] => lines.join(' ').split(' ');

/**
 * Per language, as written; segment.ts folds them like query words. English as before, plus the particles and
 * function words of the other languages we answer in.
 */
export const QUERY_STOPWORDS: Readonly<Record<string, readonly string[]>> = {
  en: words(
    'a an and are as at be by can do does for from how i if in into is it me my of on or so that the their then',
    'there these this to was what when where which who why will with you your',
  ),
  // Japanese particles, copulas and question words, as Intl.Segmenter cuts them
  ja: words(
    'の は が を に で と も へ や か から まで より です ます でしょ でしょう ました ません する し して した',
    'される され ある あり いる い な だ こと もの これ それ あれ どう どの どこ どれ 何 なに とは について ください',
    'には では とも にも よう ため',
  ),
  zh: words(
    '的 了 是 在 和 有 我 你 他 吗 呢 吧 怎么 怎样 如何 什么 哪 哪里 哪些 这 那 这个 那个 一个 可以 能 要 把 被 与 及 或',
  ),
  // Korean particles are attached to words (no split), so only free-standing ones
  ko: words('무엇 어떻게 무엇입니까'),
  // Spanish, French, German, Italian, Portuguese: the unmistakable ones (never names, rarely content words)
  es: words(
    'el la los las un una unos unas del al de que y o en por con para como cómo como qué que es son mi mis se lo',
  ),
  fr: words('le les des du et est une un dans pour sur au aux avec ce cette qui quoi comment où mes mon ma je'),
  de: words(
    'der die das den dem des ein eine einen und ist sind wie was wo wann warum ich mein meine mit von zu im auf für',
  ),
  it: words('il gli di che è per non con nel nella della delle dei come cosa dove'),
  pt: words('o os as do da dos das um uma em no na não com para como onde'),
  // Russian and Ukrainian pronouns, prepositions and conjunctions (thirty-seventh session): "Коли мені перевіряти зір?"
  // found its one BM25 hit in "Позичив мені свій…" (Tom's note, "to me"), and the fusion put that note first.
  ru: words(
    'я мне меня мы нас нам ты вы он она оно они мой моя моё мои в во на с со к ко у о об от до из за по и а но или что как',
  ),
  uk: words(
    'я мені мене ми нас нам ти ви він вона воно вони мій моя моє мої в у на з із зі до від про за по і й а але чи що як',
  ),
  // Hindi postpositions, auxiliaries, pronouns and question words (words stand between spaces; ICU keeps each whole).
  hi: words(
    'का के की को में से पर तक है हैं था थी थे हो होता होती होते क्या कब कहाँ कहां कौन कौनसा कैसे कितना कितनी कितने',
    'क्यों मैं मेरा मेरी मेरे मुझे मैंने हम हमारा हमारी हमारे हमें हमने आप आपका आपकी आपके तुम और या भी तो ने यह वह ये वे वो',
    'एक लिए कि जो',
    // Auxiliaries of the progressive and of "can" / "should" ("कौन जा रहा है", "क्या कर सकता हूँ").
    'जा रहा रही रहे सकता सकती सकते चाहिए',
  ),
  // Arabic prepositions, pronouns, question words and particles written as words of their own.
  ar: words(
    'في من إلى الى على عن مع ما ماذا متى أين اين كيف كم لماذا هل هو هي هم أنا انا نحن أنت لي لنا و أو او',
    'ذلك هذا هذه تلك التي الذي الذين كان كانت يكون عند لدي لدى بعد قبل أن إن أي اي يجب لا ليس سوف قد كل',
  ),
  // Thai particles, pronouns and question words, as Intl.Segmenter cuts them (Thai writes no spaces).
  th: words(
    'ที่ ของ และ หรือ ใน กับ จาก ได้ ให้ เป็น คือ อะไร ไหน ที่ไหน เมื่อไหร่ เมื่อไร ยังไง อย่างไร กี่ ไหม มั้ย',
    'เท่าไหร่ เท่าไร ไหร่ หรือเปล่า ครับ ค่ะ คะ นะ จ้ะ ผม ฉัน เรา คุณ บ้าง จะ ต้อง ควร',
    // "who", and the first half of "เท่าไหร่" as Intl.Segmenter cuts it ("วันที่เท่าไหร่").
    'ใคร เท่า',
  ),
  // Persian, Hebrew and Greek prepositions, pronouns, question words and auxiliaries (forty-second session).
  fa: words('از به در با برای که را این آن چه کی کجا چطور چگونه چند آیا است هست هستند من ما تو او و یا هم'),
  he: words('של את על עם מה מתי איפה איך מי למה האם זה זו הוא היא אני שלי יש אין גם או'),
  el: words(
    'ο η το οι τα του της των τον την και σε στο στη στην στα στις με για από πού πότε πώς τι ποιος ποια ποιο',
    'είναι ήταν μου μας σου να θα δεν',
  ),
};

/**
 * Words a question is made of that say nothing about its subject, beyond QUERY_STOPWORDS: never key words for the
 * answer relevance rule (src/agent/relevance.ts). German modal verbs, pronouns and determiners ("Kann ich mir jeden
 * Morgen…"): as key words they made any sentence with "kann" share one. Russian question words and pronouns too.
 * Search keeps them (without them German BM25 lost Recall@5 on the tuning part, 0.932 → 0.871). Only words that are
 * no English content word (not man, war, bin, hat, will, dies, ins, um, da), since every question meets this one
 * set; English's own are words of quantity and frequency (the last line).
 */
export const KEY_WORD_STOPWORDS: readonly string[] = words(
  'einem einer eines meinem meinen meiner dein deine deinem deinen deiner kann kannst können könnte mir mich dir',
  'dich uns sich sein seine ihr ihre ihren ihrem er sie wir jeden jede jeder jedes alle alles nicht kein keine',
  'keinen noch schon nur auch sehr dann wenn weil dass ob oder aber bei nach aus unter durch ohne bis zum zur vom',
  'beim habe haben hast bist wird werden wurde soll sollte möchte muss darf gibt welche welcher welches welchen',
  // "welchen", "welchem" are the other cases of "welche" ("An welchen Tagen ist Maya nicht im Büro?" had four key
  // words, one of them "welchen"), and "viel", "wie viele" German's words of quantity, as "much", "many" are below.
  'welchem viel viele vielen wieviel wieviele',
  // Russian question words, pronouns and prepositions (QUERY_STOPWORDS has no Russian): "Какие переменные можно…"
  'как какой какая какое какие каких где когда что чтобы почему зачем сколько кто ли можно нужно надо мой моя моё',
  'мои моих моей моим мне меня ты вы мы он она они это этот эта эти тот та те во на со по ко из от до для об при за',
  'под над или но же бы не нет да уже ещё еще все всё весь есть был была были будет свой своё свою свои',
  'кого кому кем чего чему чем всего всех всем каком какую каким какого какому который которая которое которые',
  // English words of quantity and frequency that QUERY_STOPWORDS keeps ("how much", "how many", "how often"): "how much
  // will it cost" names no thing called "much", and a vault that never writes it refused the question as naming
  // something it lacks (synthesizer.ts, needsSharedWord). And English auxiliaries: "by when do I have to renew the car
  // insurance" asks about renewing, not having (notesHoldingKeyWords); "how much vitamin D am I taking" about the
  // vitamin, and its "am" (no note of the sample vault writes it) kept the note that holds "vitamin" and "taking"
  // from passing the relevance gate as a holder of the question's key words. "Were", "been" are was's other forms, and
  // a number written as a word says how many, as "many" does: "when were Calum's two kids born" asked a sentence of
  // Calum's note to share "were" and "two" with it (answersPossessive), and "Ruby — born 12 February 2019", under
  // "Kids:", shares neither (tuning part personal-en-2-tune; docs/answer-quality.md). Not "did": "what did I do on
  // 2026-11-03?" is a question about that day's notes, and with no key word left it would ask for every note that names
  // the day (timeTopicTerms: a question of nothing but its time).
  'much many often am have has had should would could must might shall were been being',
  // "Whose" and "whom" are "who"'s other forms (QUERY_STOPWORDS has "who"): "whose birthday is in January" asked a
  // line to share "whose", which no note writes, and "Birthday: 14 January" in Lena's note was refused.
  'whose whom',
  'two three four five six seven eight nine ten eleven twelve',
  // "Automatically" in the languages we answer in says how, not about what: a feature request Obsidian does not have
  // ("Google-Kalender-Termine automatisch in die tägliche Notiz übernehmen") shared it with a sentence on daily-note
  // links as its second key word and was answered. On the tuning parts: 2 more off-topic refusals (German, Spanish),
  // no on-topic answer changed in any language; on the test parts, 2 more refusals and 2 hits fewer, where the feature
  // asked about is itself automatic ("…into year/month subfolders automatically"; docs/answer-quality.md).
  'automatically automatic automatisch automatische automatischen automatisches automáticamente automático',
  'automática automatiquement automatique automatiques automaticamente automatico automatica 自動 自動的 自动 자동 자동으로',
  // French verbs a question asks with, negation and connectives (QUERY_STOPWORDS has the articles and pronouns).
  'ne pas par quand aussi faire fait peux peut pouvoir puis voudrais veux voudrait vouloir possible suis sont être',
  'avoir très tout tous toute toutes mais donc quel quelle quels quelles lorsque',
  // The question words of Spanish, French, Italian and Portuguese that QUERY_STOPWORDS keeps ("dónde", "cuántas",
  // "combien", "pourquoi"), as English's "where", "how" are: "¿dónde veo cuántas palabras lleva mi texto en el
  // móvil?" had seven key words, "donde" and "cuantas" among them, and a sentence's relative "donde" shared one.
  'dónde cuándo cuánto cuánta cuántos cuántas quién quiénes cuál cuáles porqué combien pourquoi lequel laquelle',
  'lesquels lesquelles quando perché quanto quanta quanti quante quale quali chi quem qual quais quantos quantas',
  // Italian and Portuguese auxiliaries and modal verbs, possessives and articled prepositions (QUERY_STOPWORDS has
  // their articles): "Quando devo fare la visita agli occhi?" had five key words, "devo", "fare" and "agli" among
  // them, and "Visita oculistica: a marzo 2027" shared one of the two it needed. English words left out ("fare",
  // "ai", "ci", "vi", "col", "sue", "tue", "num").
  'devo deve devi dobbiamo devono posso puoi può possiamo possono voglio vuoi vuole vogliamo faccio fai facciamo',
  'fanno sono sei siamo siete ho hai abbiamo avete mio miei mie tuo tua tuoi suo suoi nostro nostra nostri nostre',
  'allo alla agli alle dallo dalla dagli dalle nello nei negli nelle sullo sulla sugli sulle',
  'tenho tens tem temos têm podes podem deves devemos devem vou vais vai vamos vão faço fazes faz fazemos fazem',
  'fazer sou és somos estou estás estamos estão meus minhas teu teus tuas seu seus suas nosso nossa nossos nossas',
  'ao aos às pelos pelas numa',
  // Indefinite pronouns and determiners ("any", "some"), which say of a thing only that it is not a particular one:
  // "irgendeine alte Notiz per Zufall aufmachen" (open any old note at random) had "irgendeine" as one of four key
  // words, so the sentence that answers, sharing one, was not enough ("Um eine zufällige Notiz zu öffnen…").
  'irgendein irgendeine irgendeinen irgendeinem irgendeiner irgendeines irgendwas irgendwie irgendwo irgendwann',
  'irgendjemand irgendwelche jemand etwas algún alguna alguno algunos algunas cualquier cualquiera quelque quelques',
  'qualche qualsiasi qualunque algum alguma alguns algumas qualquer enig enige iets iemand',
  // The possessives of German, French and Spanish that the lists above lack, in every case ("Kann ich den Speicherort
  // meines Sync-Tresors nach Europa verlegen?" had "meines" as a key word, and as a word no note holds). Not those
  // that are English words or commands too ("son", "ton", "su").
  'meines deines seines seinem seinen seiner ihres ihrer unser unsere unserem unseren unserer unseres euer eure',
  'eurem euren eurer eures notre nos votre vos leur leurs tes ses tus nuestro nuestra nuestros nuestras',
  'vuestro vuestra vuestros vuestras',
  // Question words, pronouns, auxiliaries and prepositions of the languages ngramLanguage reads (Polish, Czech,
  // Ukrainian, Turkish, Indonesian, Swedish, Danish, Norwegian, Romanian, Finnish, Hungarian, Vietnamese): as key
  // words "Jak ma na imię pies Mayi?" had four, "jak", "ma" and "na" among them. English content words and names are
  // left out though common there ("ale", "ten", "men", "den", "till", "var", "van", "volt", "care", "era", "dan",
  // "pod", "kit", "mine", "apa", "proc", "tim"; "är" and "ők" fold to "ar" and "ok"), and so are the words the tuned
  // languages ask with ("we", "si", "ve", "este", "más" as "máš" folds): no question of an eval set in English,
  // Spanish, German, French… has other key words than before.
  'jak jaki jaka jakie jakiego jakim kiedy gdzie dlaczego czemu czy kto kogo komu ile który która które którego',
  'mój moja moje mojego mojej mnie ja jest są był była było będzie mam masz można trzeba się na ze od przy',
  'dla bez nad przez oraz albo lub że tego tej tym',
  'jaký jaká jaké kdy kde kdo koho komu kolik který které můj moje moji mého mně jsou byla bylo bude mám',
  'mají lze musím při přes nebo toho',
  'який яка яке які коли де чому навіщо що хто скільки чи можна треба мій моя моє мої мене мені ти ви ми він вона',
  'вони це цей ця ці той ті у з із від про під над або але ні так вже ще є був була були буде свій своє',
  // Ukrainian "how", the other cases of "which" and "who", and pronouns (`personal-uk-tune`, thirty-seventh session:
  // "Як звати дружину Тома?" had "як" as one of its key words).
  'як якому якій якого якою якими яких ким чого чим мною мого моєї моєму моїй нам нас вам вас його її йому їй їх',
  'nedir nasıl neden niçin nerede nereye zaman kimin hangi kaç mı mu mü mıdır midir benim bana beni sen onun bunu',
  'şunu ile veya ama için gibi yok çok daha kadar',
  'apakah bagaimana kapan dimana mengapa kenapa siapa berapa yang atau tetapi dengan untuk dari pada dalam',
  'saya aku anda kamu mereka ini itu adalah bisa dapat harus sudah belum tidak bukan',
  'vad hur när varför vem vilken vilket vilka mina jag hon det hade ska skulle måste och eller som för från inte',
  'hvad hvordan hvornår hvorfor hvilke jeg havde skal må og fra ikke hva hvem hvilken hvilket hadde',
  'ce cum când unde cine câte câți cărui meu mea mei mele eu tu sunt fost poate sau că în din pentru',
  'despre fără',
  'mikä mitä mitkä miten milloin missä mistä mihin miksi kuka ketkä kenen kuinka paljonko onko oliko minun',
  'minulla minä sinä ovat olla voin pitää tai mutta että kun jos',
  'mit mik mikor hol hová honnan miért kinek hány mennyi melyik milyen egy és vagy hogy nem vannak lesz lehet',
  'kell én nekem engem',
  'gì là của không những các được này đó tôi nào đâu nhiêu',
  // Chinese personal pronouns (QUERY_STOPWORDS has the one-character ones): "我们在里斯本住哪里？" had "我们" as one of
  // its two key words, and no sentence of a note says "we" (simplified and traditional). And their possessives, as
  // Intl.Segmenter cuts them (one word with 的): "我的血型是什么？" had "我的" as one of its two key words, and "职位：…，在我
  // 的团队" shared it, so the question about a blood type no note writes was answered with a job title.
  '我们 你们 他们 她们 它们 咱们 她 它 我們 你們 他們 她們',
  '我的 你的 他的 她的 它的 我们的 你们的 他们的 她们的 咱们的 我們的 你們的 他們的 她們的',
);

/**
 * Function words of one language only, never key words in a question read as that language (keyWordTerms' `lang`):
 * Dutch asks with words that are English content words ("van", "die", "door", "over", "hoe", "met", "ben"), so they
 * cannot join KEY_WORD_STOPWORDS, which every question meets. As key words "Wat voor werk doet Maya?" had five, "wat",
 * "voor" and "doet" among them, and "Contact: het liefst via Slack; geen meetings vóór 10.00 uur" shared "voor" (found
 * on `personal-nl-tune`, thirty-seventh session; docs/answer-quality.md). Words of quantity, frequency and number as
 * English's are (KEY_WORD_STOPWORDS' "much", "often", "two").
 */
export const KEY_WORD_STOPWORDS_IN: Readonly<Record<string, readonly string[]>> = {
  nl: words(
    'wat wie waar waarom wanneer welk welke hoeveel hoelang hoe ik mijn mij me je jij jouw jullie hij zij ze wij we',
    'ons onze het de een en of van voor naar met aan bij uit tot om te door over op in zijn ben bent is was waren',
    'heb hebt heeft hebben had kan kun kunt kunnen moet moeten mag mogen wil wilt willen zal zult zou zouden niet',
    'geen ook nog al er dat die dit deze wordt worden werd doe doet doen ga gaat gaan laten laat graag best vaak',
    'veel twee drie vier vijf zes zeven acht negen tien',
  ),
  // Vietnamese words that ask, as written (segment.ts, vietnameseKeyWordTerms): folded they are English words ("may",
  // "can"), and stopped only by folding before.
  // And "có" (have, there is): "tôi có lịch hẹn gì?" asked for a line holding it.
  // And the tense markers "đã", "sẽ", "đang" (did, will, is doing): "Tuần trước tôi đã làm gì?" kept "đã" as its topic.
  vi: words('mấy cần vào thế có đã sẽ đang'),
  // Turkish "var" (there is, have), English's "var" (a keyword of code) elsewhere: "hangi randevularım var?" asked for
  // a line holding it.
  tr: words('var'),
  // Words that ask "what did I do" in these languages only (English's "co", "apa", "ai" are other words): with them a
  // date-scoped question seemed to ask about something (dateScope.ts, hasTopic), and the day's notes were refused.
  fr: words('qu ai'),
  pl: words('co'),
  cs: words('co jsem jsi jsme jste'),
  id: words('apa'),
};

/**
 * Words that ask what is planned: a day, weekday or month named without a year in such a question is the coming
 * one (dates.ts, asksAhead): "What is planned for December 12?" asked on 25 November is about this December, not
 * last year's. Forward-looking only; "happen", "calendar" ask about any time (TIME_QUESTION_WORDS).
 */
export const PLAN_WORDS: readonly string[] = words(
  'plan plans planned planning schedule scheduled upcoming due',
  'geplant vorgesehen ansteht anstehen bevorsteht',
  'planeado planeada planeados planeadas planes previsto prevista previstos previstas programado programada',
  'prévu prévue prévus prévues planifié planifiée programmato pianificato planejado planejada gepland',
  '予定 スケジュール 安排 计划 日程 行程 일정 계획 예정',
  'запланировано запланированы заплановано заплановані zaplanowane zaplanowano naplánováno naplánované',
  'planlanan planlananlar direncanakan dijadwalkan planerat planerade planlagt planlagte planificat programat',
  'suunniteltu suunnitteilla tervezett',
  // Hindi, Arabic, Persian, Hebrew, Greek, Thai (forty-seventh session, with their date phrases).
  'योजना निर्धारित مخطط مخططة مقرر مقررة مجدول مجدولة برنامه برنامه‌ریزی מתוכנן מתוכננת מתוכננים',
  'προγραμματισμένο προγραμματισμένα προγραμματισμένη σχεδιασμένο แผน กำหนดการ',
);

/**
 * Words any question about a time asks with, beside PLAN_WORDS, that say nothing about what of that time it asks:
 * "what happens next week", "was steht am Montag an", "¿qué tengo el lunes?". A line naming the time answers them
 * without holding one (periodMention.ts, timeTopicTerms), and a date-scoped question of nothing else gets the
 * day's notes (dateScope.ts). Not words another question is about: "plant" (German "plans") is English's "plant".
 */
export const TIME_QUESTION_WORDS: readonly string[] = words(
  'happen happens happened happening going coming up calendar agenda any anything something',
  'los steht vor kalender',
  'pasa hay tengo agenda calendario',
  'passe agenda calendrier',
  // "What did I do", "what happened", "what did I write" in the other languages the agent answers in (English's are
  // dateScope.ts's GENERIC_WORDS): "¿Qué hice ayer?", "Was habe ich gestern gemacht?", "Dün ne yaptım?" asked for a
  // sentence holding "hice", "gemacht", "yaptım", so the day's notes were refused, where "what did I do yesterday" got
  // them (thirty-eighth session).
  'hice hizo hicimos hecho hacer pasó ocurrió sucedió escribí anoté',
  'gemacht machte getan passiert geschehen geschrieben notiert',
  'fait faisais arrivé écrit noté',
  'fatto feci successo accaduto scritto annotato',
  'fiz fez fizemos feito aconteceu escrevi anotei',
  'gedaan deed deden gebeurd gebeurde geschreven schreef',
  'делал делала делали сделал сделала случилось произошло писал писала записал',
  'робив робила робили зробив зробила сталося трапилося писав писала записав',
  'robiłem robiłam robiliśmy zrobiłem zrobiłam działo stało wydarzyło pisałem pisałam zapisałem',
  'dělal dělala udělal udělala stalo psal psala',
  'yaptım yaptık oldu yazdım',
  'làm xảy viết',
  'lakukan melakukan lakukan terjadi tulis menulis',
  'gjorde hände skrev lavede skete skjedde',
  'făcut întâmplat scris',
  'tein teimme tapahtui kirjoitin',
  'csináltam csináltunk történt írtam',
  '做了 干了 干 发生 发生了 写了 しました しましたか した しま 뭐 무엇 무엇을 했어 했어요 했지 했나 했나요 했습니까 있었어',
  // Hindi, Arabic, Persian, Hebrew, Greek, Thai: did, happened, wrote, and "I have" of "what do I have tomorrow"
  // (forty-seventh session, with their date phrases).
  'किया किए किये की हुआ हुई हुए लिखा करना पास',
  'فعلت فعلنا عملت حدث جرى كتبت لدي عندي',
  'کردم کردیم انجام اتفاق افتاد نوشتم دارم',
  'עשיתי עשינו קרה כתבתי יש',
  'έκανα κάναμε έγινε συνέβη έγραψα έχω',
  'ทำ เกิด เขียน มี',
);

export const HIGHLIGHT_STOPWORDS: ReadonlySet<string> = new Set(
  words(
    'a an and are as at be by did do does for from had has have how i in is it me my of on or our so that the',
    'their them this to was we were what when where which who why with you your',
  ),
);

export const FILTER_STOPWORDS: ReadonlySet<string> = new Set(
  words(
    'the and for are but not you your with what about which when where who how why this that these those there',
    'their one ones second first third other from into does did was were have has had can could would should will',
    "just also any some all more most then than them they its it's",
    // Korean pronouns and question words, written apart like English words: "그건 뭐야?" ("what's that?") names nothing.
    '그건 이건 저건 그거 이거 저거 그게 이게 저게 그것 이것 저것 뭐야 뭐지 뭔데 무엇 어때 어떻게 어떤 그럼 그래서',
  ),
);

export const LANGUAGE_FUNCTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: words(
    'the and is are of to in it that this with for you was on as be have not or by at from what which how',
    'can do does my i your an will there they we when where why who has if all would about these',
  ),
  es: words(
    'el los las del que y es por con una para como pero sus al lo más este esta ya muy también hay son',
    'está cómo qué mis nuestro puedo cuando donde dónde sobre entre tiene ser fue mi su unos yo ella eso',
  ),
  pt: words(
    'o os as do da dos das não uma um com para em no na nos mais é são foi ao pelo pela isso você como',
    'meu minha também quando onde muito já tem ele ela seu sua está nas pode',
  ),
  fr: words(
    'le les des et est du une un pour pas dans que qui sur au aux avec ce cette il elle je vous nous sont',
    'mais ou où comment quoi quel quelle quels quelles mes mon ma ses leur était été être avoir fait peut très',
    'aussi quand',
  ),
  de: words(
    'der die das und ist nicht ein eine einen zu den dem mit von sich auf für im auch es ich wie was wo',
    'sind wird werden oder aber bei nach aus mein meine kann hat haben wenn dass noch nur über wir sie',
  ),
  it: words(
    'il gli della di che è per non con sono una nel nella alla dei delle anche come più questo questa ma',
    'mio mia io lui lei dove quando perché cosa ho ha hanno sul dal essere molto tutto',
  ),
  nl: words(
    'de het een en van ik niet dat zijn op te met voor er maar ook als bij naar wat hoe waar mijn wordt',
    'kan heeft nog dit deze ze wij',
  ),
};
