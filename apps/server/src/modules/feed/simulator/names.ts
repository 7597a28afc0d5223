/**
 * The names the simulator draws from: competitions with their teams, players, racecourses and
 * horse-name parts. Plain data, so adding a league is one entry and no logic changes. Teams carry
 * the short code that scoreboards and fancy market names use ('MI', 'CSK').
 */

export interface Team {
  name: string;
  code: string;
}

export interface Competition {
  name: string;
  teams: readonly Team[];
}

function teams(entries: readonly (readonly [string, string])[]): Team[] {
  return entries.map(([name, code]) => ({ name, code }));
}

export const FOOTBALL_COMPETITIONS: readonly Competition[] = [
  {
    name: 'Indian Super League',
    teams: teams([
      ['Mohun Bagan Super Giant', 'MBSG'],
      ['East Bengal FC', 'EBFC'],
      ['Bengaluru FC', 'BFC'],
      ['Mumbai City FC', 'MCFC'],
      ['Kerala Blasters FC', 'KBFC'],
      ['FC Goa', 'FCG'],
      ['Odisha FC', 'OFC'],
      ['Chennaiyin FC', 'CFC'],
      ['Hyderabad FC', 'HFC'],
      ['Jamshedpur FC', 'JFC'],
      ['NorthEast United FC', 'NEUFC'],
      ['Punjab FC', 'PFC'],
    ]),
  },
  {
    name: 'English Premier League',
    teams: teams([
      ['Arsenal', 'ARS'],
      ['Manchester City', 'MCI'],
      ['Liverpool', 'LIV'],
      ['Chelsea', 'CHE'],
      ['Manchester United', 'MUN'],
      ['Tottenham Hotspur', 'TOT'],
      ['Newcastle United', 'NEW'],
      ['Aston Villa', 'AVL'],
      ['Brighton & Hove Albion', 'BHA'],
      ['West Ham United', 'WHU'],
    ]),
  },
  {
    name: 'La Liga',
    teams: teams([
      ['Real Madrid', 'RMA'],
      ['Barcelona', 'BAR'],
      ['Atletico Madrid', 'ATM'],
      ['Sevilla', 'SEV'],
      ['Real Sociedad', 'RSO'],
      ['Villarreal', 'VIL'],
      ['Athletic Club', 'ATH'],
      ['Valencia', 'VAL'],
    ]),
  },
  {
    name: 'Serie A',
    teams: teams([
      ['Inter', 'INT'],
      ['AC Milan', 'MIL'],
      ['Juventus', 'JUV'],
      ['Napoli', 'NAP'],
      ['Roma', 'ROM'],
      ['Lazio', 'LAZ'],
      ['Atalanta', 'ATA'],
      ['Fiorentina', 'FIO'],
    ]),
  },
];

export const CRICKET_COMPETITIONS: readonly Competition[] = [
  {
    name: 'Indian Premier League',
    teams: teams([
      ['Mumbai Indians', 'MI'],
      ['Chennai Super Kings', 'CSK'],
      ['Royal Challengers Bengaluru', 'RCB'],
      ['Kolkata Knight Riders', 'KKR'],
      ['Delhi Capitals', 'DC'],
      ['Punjab Kings', 'PBKS'],
      ['Rajasthan Royals', 'RR'],
      ['Sunrisers Hyderabad', 'SRH'],
      ['Gujarat Titans', 'GT'],
      ['Lucknow Super Giants', 'LSG'],
    ]),
  },
  {
    name: 'T20 International',
    teams: teams([
      ['India', 'IND'],
      ['Australia', 'AUS'],
      ['England', 'ENG'],
      ['Pakistan', 'PAK'],
      ['South Africa', 'SA'],
      ['New Zealand', 'NZ'],
      ['Sri Lanka', 'SL'],
      ['Bangladesh', 'BAN'],
      ['Afghanistan', 'AFG'],
      ['West Indies', 'WI'],
    ]),
  },
  {
    name: 'Syed Mushtaq Ali Trophy',
    teams: teams([
      ['Mumbai', 'MUM'],
      ['Tamil Nadu', 'TN'],
      ['Karnataka', 'KAR'],
      ['Delhi', 'DEL'],
      ['Punjab', 'PUN'],
      ['Baroda', 'BRD'],
      ['Bengal', 'BEN'],
      ['Saurashtra', 'SAU'],
    ]),
  },
  {
    name: 'Big Bash League',
    teams: teams([
      ['Sydney Sixers', 'SIX'],
      ['Perth Scorchers', 'SCO'],
      ['Melbourne Stars', 'STA'],
      ['Brisbane Heat', 'HEA'],
      ['Adelaide Strikers', 'STR'],
      ['Hobart Hurricanes', 'HUR'],
      ['Sydney Thunder', 'THU'],
      ['Melbourne Renegades', 'REN'],
    ]),
  },
];

export const KABADDI_COMPETITIONS: readonly Competition[] = [
  {
    name: 'Pro Kabaddi League',
    teams: teams([
      ['Patna Pirates', 'PAT'],
      ['U Mumba', 'MUM'],
      ['Bengaluru Bulls', 'BLR'],
      ['Jaipur Pink Panthers', 'JPP'],
      ['Puneri Paltan', 'PUN'],
      ['Dabang Delhi K.C.', 'DEL'],
      ['Bengal Warriorz', 'BEN'],
      ['Telugu Titans', 'TEL'],
      ['Tamil Thalaivas', 'TAM'],
      ['Gujarat Giants', 'GUJ'],
      ['U.P. Yoddhas', 'UP'],
      ['Haryana Steelers', 'HAR'],
    ]),
  },
  {
    name: 'Asian Kabaddi Championship',
    teams: teams([
      ['India', 'IND'],
      ['Iran', 'IRN'],
      ['South Korea', 'KOR'],
      ['Pakistan', 'PAK'],
      ['Bangladesh', 'BAN'],
      ['Japan', 'JPN'],
      ['Chinese Taipei', 'TPE'],
      ['Nepal', 'NEP'],
    ]),
  },
  {
    name: 'Senior National Kabaddi Championship',
    teams: teams([
      ['Services', 'SER'],
      ['Indian Railways', 'RLY'],
      ['Haryana', 'HAR'],
      ['Maharashtra', 'MAH'],
      ['Uttar Pradesh', 'UP'],
      ['Rajasthan', 'RAJ'],
      ['Tamil Nadu', 'TN'],
      ['Karnataka', 'KAR'],
    ]),
  },
];

export interface TennisTour {
  /** The tournaments of this tour, one picked per fixture. */
  tournaments: readonly string[];
  players: readonly string[];
}

export const TENNIS_TOURS: readonly TennisTour[] = [
  {
    tournaments: ['ATP Bengaluru Open', 'ATP Pune Challenger', 'ATP Dubai', 'ATP Masters Madrid'],
    players: [
      'Jannik Sinner',
      'Carlos Alcaraz',
      'Novak Djokovic',
      'Alexander Zverev',
      'Daniil Medvedev',
      'Taylor Fritz',
      'Casper Ruud',
      'Holger Rune',
      'Alex de Minaur',
      'Stefanos Tsitsipas',
      'Hubert Hurkacz',
      'Tommy Paul',
      'Ben Shelton',
      'Andrey Rublev',
      'Sumit Nagal',
      'Ramkumar Ramanathan',
      'Mukund Sasikumar',
      'Yuki Bhambri',
    ],
  },
  {
    tournaments: ['WTA Chennai Open', 'WTA Mumbai Open', 'WTA Doha', 'WTA Rome'],
    players: [
      'Aryna Sabalenka',
      'Iga Swiatek',
      'Coco Gauff',
      'Elena Rybakina',
      'Jessica Pegula',
      'Jasmine Paolini',
      'Qinwen Zheng',
      'Mirra Andreeva',
      'Madison Keys',
      'Emma Navarro',
      'Daria Kasatkina',
      'Paula Badosa',
      'Ankita Raina',
      'Sahaja Yamalapalli',
      'Karman Kaur Thandi',
      'Rutuja Bhosale',
    ],
  },
];

export interface Racecourse {
  name: string;
  /** The country code shown in titles: 'IND'. */
  country: string;
  /** Local time is UTC plus this; none of these courses keeps daylight saving. */
  utcOffsetMinutes: number;
}

const IST_OFFSET_MINUTES = 330;

export const RACECOURSES: readonly Racecourse[] = [
  { name: 'Mahalaxmi', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Pune', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Guindy', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Bangalore', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Hyderabad', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Kolkata', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Mysore', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Ooty', country: 'IND', utcOffsetMinutes: IST_OFFSET_MINUTES },
  { name: 'Meydan', country: 'UAE', utcOffsetMinutes: 240 },
  { name: 'Sha Tin', country: 'HK', utcOffsetMinutes: 480 },
];

export const RACE_DISTANCES_METRES: readonly number[] = [
  1000, 1100, 1200, 1400, 1600, 1800, 2000, 2400,
];

const HORSE_NAME_FIRST_WORDS = [
  'Royal',
  'Golden',
  'Silver',
  'Desert',
  'Monsoon',
  'Midnight',
  'Crimson',
  'Saffron',
  'Thunder',
  'Silent',
  'Wild',
  'Brave',
  'Lucky',
  'Mystic',
  'Noble',
  'Ocean',
  'Scarlet',
  'Velvet',
  'Deccan',
  'Malabar',
] as const;

const HORSE_NAME_SECOND_WORDS = [
  'Storm',
  'Mirage',
  'Dancer',
  'Warrior',
  'Empress',
  'Legend',
  'Arrow',
  'Prince',
  'Spirit',
  'Falcon',
  'Tiger',
  'Blaze',
  'Magic',
  'Queen',
  'Sultan',
  'Melody',
  'Dream',
  'Rani',
  'Raja',
  'Comet',
] as const;

const HORSE_SINGLE_NAMES = [
  'Kohinoor',
  'Toofan',
  'Badshah',
  'Mastani',
  'Tejas',
  'Chandni',
  'Shera',
  'Veer',
  'Jewel Of Mysore',
  'Pride Of Pune',
  'Star Of Bombay',
  'Nizam',
] as const;

/** Every horse name the simulator may use: word pairs plus a few single names. */
export const HORSE_NAMES: readonly string[] = [
  ...HORSE_NAME_FIRST_WORDS.flatMap((first) =>
    HORSE_NAME_SECOND_WORDS.map((second) => `${first} ${second}`),
  ),
  ...HORSE_SINGLE_NAMES,
];

/**
 * What cricketers' names are made of: a given name and a family name drawn apart, so the names are
 * invented (a pairing may match someone by chance, none is meant to). Each team's side draws from
 * the pool that suits it (cricket-squads.ts).
 */
export interface NamePool {
  given: readonly string[];
  family: readonly string[];
}

export const INDIAN_CRICKETER_NAMES: NamePool = {
  given: [
    'Aarav',
    'Abhinav',
    'Aditya',
    'Akash',
    'Aniket',
    'Arjun',
    'Ayush',
    'Chirag',
    'Devansh',
    'Dhruv',
    'Gaurav',
    'Harsh',
    'Ishaan',
    'Kabir',
    'Karan',
    'Kunal',
    'Manav',
    'Mihir',
    'Nikhil',
    'Omkar',
    'Pranav',
    'Rahul',
    'Rohan',
    'Sahil',
    'Sameer',
    'Siddharth',
    'Tanmay',
    'Varun',
    'Vedant',
    'Yash',
  ],
  family: [
    'Bhatnagar',
    'Chaudhary',
    'Deshpande',
    'Gokhale',
    'Hegde',
    'Joshi',
    'Kamath',
    'Kulkarni',
    'Malhotra',
    'Menon',
    'Mehta',
    'Nair',
    'Naidu',
    'Pillai',
    'Rajput',
    'Rathore',
    'Sawant',
    'Sethi',
    'Shetty',
    'Sinha',
    'Srinivasan',
    'Thakur',
    'Trivedi',
    'Venkatesh',
  ],
};

export const SOUTH_ASIAN_CRICKETER_NAMES: NamePool = {
  given: [
    'Adnan',
    'Asif',
    'Danish',
    'Farhan',
    'Hamza',
    'Irfan',
    'Junaid',
    'Kamran',
    'Kasun',
    'Lahiru',
    'Nadeem',
    'Nuwan',
    'Rashed',
    'Sadman',
    'Tamim',
    'Zubair',
  ],
  family: [
    'Ahmadzai',
    'Chowdhury',
    'Dissanayake',
    'Hossain',
    'Jayasuriya',
    'Karunaratne',
    'Mahmud',
    'Qureshi',
    'Rahmani',
    'Siddiqui',
    'Wickramasinghe',
    'Yusufzai',
  ],
};

export const INTERNATIONAL_CRICKETER_NAMES: NamePool = {
  given: [
    'Aiden',
    'Ben',
    'Callum',
    'Connor',
    'Dylan',
    'Ethan',
    'Finn',
    'Harry',
    'Jacob',
    'Jordan',
    'Kieran',
    'Liam',
    'Mason',
    'Nathan',
    'Oliver',
    'Riley',
    'Ryan',
    'Sam',
    'Toby',
    'Tyler',
  ],
  family: [
    'Ashworth',
    'Barlow',
    'Brennan',
    'Calloway',
    'Dempsey',
    'Fairweather',
    'Hadley',
    'Kettering',
    'Lockwood',
    'Maddox',
    'Pemberton',
    'Quinlan',
    'Radcliffe',
    'Sherwood',
    'Thornbury',
    'Whitlock',
  ],
};
