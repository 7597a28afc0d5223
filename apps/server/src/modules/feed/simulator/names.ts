/**
 * The names the simulator draws from: competitions with their teams, players, racecourses and
 * horse-name parts. Plain data, so adding a league is one entry and no logic changes. Teams carry
 * the short code that scoreboards and fancy market names use ('MI', 'CSK').
 */

export interface Team {
  name: string;
  code: string;
  /** Where the team plays at home (an IANA zone), when it is not where its competition plays. */
  timeZone?: string;
}

export interface Competition {
  name: string;
  /** Where its matches are played (an IANA zone); a home team's own zone comes first. */
  timeZone: string;
  teams: readonly Team[];
}

function teams(entries: readonly (readonly [string, string, string?])[]): Team[] {
  return entries.map(([name, code, timeZone]) =>
    timeZone === undefined ? { name, code } : { name, code, timeZone },
  );
}

const INDIA_TIME_ZONE = 'Asia/Kolkata';

export const FOOTBALL_COMPETITIONS: readonly Competition[] = [
  {
    name: 'Indian Super League',
    timeZone: INDIA_TIME_ZONE,
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
    timeZone: 'Europe/London',
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
    timeZone: 'Europe/Madrid',
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
    timeZone: 'Europe/Rome',
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
    timeZone: INDIA_TIME_ZONE,
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
    timeZone: INDIA_TIME_ZONE,
    teams: teams([
      ['India', 'IND'],
      ['Australia', 'AUS', 'Australia/Sydney'],
      ['England', 'ENG', 'Europe/London'],
      ['Pakistan', 'PAK', 'Asia/Karachi'],
      ['South Africa', 'SA', 'Africa/Johannesburg'],
      ['New Zealand', 'NZ', 'Pacific/Auckland'],
      ['Sri Lanka', 'SL', 'Asia/Colombo'],
      ['Bangladesh', 'BAN', 'Asia/Dhaka'],
      ['Afghanistan', 'AFG', 'Asia/Dubai'],
      ['West Indies', 'WI', 'America/Barbados'],
    ]),
  },
  {
    name: 'Syed Mushtaq Ali Trophy',
    timeZone: INDIA_TIME_ZONE,
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
    timeZone: 'Australia/Sydney',
    teams: teams([
      ['Sydney Sixers', 'SIX'],
      ['Perth Scorchers', 'SCO', 'Australia/Perth'],
      ['Melbourne Stars', 'STA', 'Australia/Melbourne'],
      ['Brisbane Heat', 'HEA', 'Australia/Brisbane'],
      ['Adelaide Strikers', 'STR', 'Australia/Adelaide'],
      ['Hobart Hurricanes', 'HUR', 'Australia/Hobart'],
      ['Sydney Thunder', 'THU'],
      ['Melbourne Renegades', 'REN', 'Australia/Melbourne'],
    ]),
  },
];

export const KABADDI_COMPETITIONS: readonly Competition[] = [
  {
    name: 'Pro Kabaddi League',
    timeZone: INDIA_TIME_ZONE,
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
    timeZone: INDIA_TIME_ZONE,
    teams: teams([
      ['India', 'IND'],
      ['Iran', 'IRN', 'Asia/Tehran'],
      ['South Korea', 'KOR', 'Asia/Seoul'],
      ['Pakistan', 'PAK', 'Asia/Karachi'],
      ['Bangladesh', 'BAN', 'Asia/Dhaka'],
      ['Japan', 'JPN', 'Asia/Tokyo'],
      ['Chinese Taipei', 'TPE', 'Asia/Taipei'],
      ['Nepal', 'NEP', 'Asia/Kathmandu'],
    ]),
  },
  {
    name: 'Senior National Kabaddi Championship',
    timeZone: INDIA_TIME_ZONE,
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

export interface Tournament {
  name: string;
  /** Where it is played (an IANA zone). */
  timeZone: string;
}

export interface TennisTour {
  /** The tournaments of this tour, one picked per fixture. */
  tournaments: readonly Tournament[];
  players: readonly string[];
}

export const TENNIS_TOURS: readonly TennisTour[] = [
  {
    tournaments: [
      { name: 'ATP Bengaluru Open', timeZone: INDIA_TIME_ZONE },
      { name: 'ATP Pune Challenger', timeZone: INDIA_TIME_ZONE },
      { name: 'ATP Dubai', timeZone: 'Asia/Dubai' },
      { name: 'ATP Masters Madrid', timeZone: 'Europe/Madrid' },
    ],
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
    tournaments: [
      { name: 'WTA Chennai Open', timeZone: INDIA_TIME_ZONE },
      { name: 'WTA Mumbai Open', timeZone: INDIA_TIME_ZONE },
      { name: 'WTA Doha', timeZone: 'Asia/Qatar' },
      { name: 'WTA Rome', timeZone: 'Europe/Rome' },
    ],
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
  /** Its clock (an IANA zone): race titles and the venue's time on the page read it. */
  timeZone: string;
}

export const RACECOURSES: readonly Racecourse[] = [
  { name: 'Mahalaxmi', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Pune', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Guindy', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Bangalore', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Hyderabad', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Kolkata', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Mysore', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Ooty', country: 'IND', timeZone: INDIA_TIME_ZONE },
  { name: 'Meydan', country: 'UAE', timeZone: 'Asia/Dubai' },
  { name: 'Sha Tin', country: 'HK', timeZone: 'Asia/Hong_Kong' },
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
