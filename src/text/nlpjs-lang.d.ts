// The part of @nlpjs/lang-{es,de,fr,pt,it,nl,ru,pl,tr,sv,da,no,cs,id,ro,uk,fi,hu} this project uses (the packages ship no types): their Snowball stemmers.
declare module '@nlpjs/lang-es' {
  export class StemmerEs {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-de' {
  export class StemmerDe {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-fr' {
  export class StemmerFr {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-pt' {
  export class StemmerPt {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-it' {
  export class StemmerIt {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-nl' {
  export class StemmerNl {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-ru' {
  export class StemmerRu {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-pl' {
  export class StemmerPl {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-tr' {
  export class StemmerTr {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-sv' {
  export class StemmerSv {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-da' {
  export class StemmerDa {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-no' {
  export class StemmerNo {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-cs' {
  export class StemmerCs {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-id' {
  export class StemmerId {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-ro' {
  export class StemmerRo {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-uk' {
  export class StemmerUk {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-fi' {
  export class StemmerFi {
    stemWord(word: string): string;
  }
}
declare module '@nlpjs/lang-hu' {
  export class StemmerHu {
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/lang-ar' {
  export class StemmerAr {
    stemWord(word: string): string;
  }
}

declare module '@nlpjs/lang-hi' {
  export class StemmerHi {
    stemWord(word: string): string;
  }
}
