/**
 * Word lists for the demo catalogue's game names, written for it in each language (not translated by
 * machine): an English word, the Chinese word a lobby would use, and the Khmer word. Names are built by
 * patterns that follow each language's own word order (Khmer puts the describing word after the noun).
 */
export type Word = readonly [en: string, cn: string, km: string];

export const ADJECTIVES: readonly Word[] = [
  ['Golden', '黄金', 'មាស'],
  ['Lucky', '幸运', 'សំណាង'],
  ['Royal', '皇家', 'រាជ'],
  ['Wild', '狂野', 'ព្រៃ'],
  ['Mighty', '威武', 'ខ្លាំង'],
  ['Sacred', '神圣', 'ពិសិដ្ឋ'],
  ['Ancient', '远古', 'បុរាណ'],
  ['Magic', '魔法', 'វេទមន្ត'],
  ['Silver', '白银', 'ប្រាក់'],
  ['Crimson', '赤红', 'ក្រហម'],
  ['Blue', '蔚蓝', 'ខៀវ'],
  ['Happy', '欢乐', 'សប្បាយ'],
  ['Great', '大', 'ធំ'],
  ['Eternal', '永恒', 'អមតៈ'],
  ['Shining', '闪耀', 'ភ្លឺ'],
  ['Thunder', '雷霆', 'រន្ទះ'],
  ['Diamond', '钻石', 'ពេជ្រ'],
  ['Fire', '火焰', 'ភ្លើង'],
  ['Night', '暗夜', 'រាត្រី'],
  ['Mystic', '神秘', 'អាថ៌កំបាំង'],
  ['Rich', '富贵', 'សម្បូរ'],
  ['Sweet', '甜蜜', 'ផ្អែម'],
  ['Hot', '火辣', 'ក្តៅ'],
  ['Dancing', '舞动', 'រាំ'],
  ['Flying', '飞天', 'ហោះ'],
  ['Twin', '双子', 'ភ្លោះ'],
  ['Imperial', '帝王', 'អធិរាជ'],
  ['Celestial', '天界', 'សួគ៌'],
  ['Giant', '巨型', 'យក្ស'],
  ['Brave', '勇敢', 'ក្លាហាន'],
  ['Secret', '秘密', 'សម្ងាត់'],
  ['Merry', '快乐', 'រីករាយ'],
];

export const NOUNS: readonly Word[] = [
  ['Dragon', '龙', 'នាគ'],
  ['Tiger', '虎', 'ខ្លា'],
  ['Elephant', '象', 'ដំរី'],
  ['Lotus', '莲花', 'ផ្កាឈូក'],
  ['Phoenix', '凤凰', 'ហង្ស'],
  ['Monkey', '灵猴', 'ស្វា'],
  ['Horse', '骏马', 'សេះ'],
  ['Lion', '狮子', 'តោ'],
  ['Buffalo', '水牛', 'ក្របី'],
  ['Rabbit', '玉兔', 'ទន្សាយ'],
  ['Snake', '灵蛇', 'ពស់'],
  ['Eagle', '雄鹰', 'ឥន្ទ្រី'],
  ['Turtle', '神龟', 'អណ្តើក'],
  ['Crab', '螃蟹', 'ក្តាម'],
  ['Peacock', '孔雀', 'ក្ងោក'],
  ['Garuda', '金翅鸟', 'គ្រុឌ'],
  ['Bear', '熊', 'ខ្លាឃ្មុំ'],
  ['Wolf', '狼', 'ចចក'],
  ['Fox', '狐狸', 'កញ្ជ្រោង'],
  ['Owl', '猫头鹰', 'មៀម'],
  ['Treasure', '宝藏', 'កំណប់'],
  ['Fortune', '财富', 'ទ្រព្យ'],
  ['Coins', '金币', 'កាក់'],
  ['Gems', '宝石', 'ត្បូង'],
  ['Pearl', '珍珠', 'គុជ'],
  ['Ruby', '红宝石', 'ត្បូងទទឹម'],
  ['Crown', '皇冠', 'មកុដ'],
  ['Temple', '神殿', 'ប្រាសាទ'],
  ['Palace', '宫殿', 'វាំង'],
  ['Kingdom', '王国', 'នគរ'],
  ['Empire', '帝国', 'ចក្រភព'],
  ['King', '国王', 'ស្តេច'],
  ['Queen', '女王', 'មហាក្សត្រី'],
  ['Princess', '公主', 'ព្រះនាង'],
  ['Warrior', '勇士', 'អ្នកចម្បាំង'],
  ['Hero', '英雄', 'វីរបុរស'],
  ['Goddess', '女神', 'ទេពធីតា'],
  ['Apsara', '飞天仙女', 'អប្សរា'],
  ['Moon', '月亮', 'ព្រះចន្ទ'],
  ['Sun', '太阳', 'ព្រះអាទិត្យ'],
  ['Star', '星辰', 'ផ្កាយ'],
  ['Comet', '彗星', 'ផ្កាយដុះកន្ទុយ'],
  ['Storm', '风暴', 'ព្យុះ'],
  ['River', '河流', 'ទន្លេ'],
  ['Island', '岛屿', 'កោះ'],
  ['Mountain', '山峰', 'ភ្នំ'],
  ['Forest', '森林', 'ព្រៃឈើ'],
  ['Garden', '花园', 'សួនច្បារ'],
  ['Festival', '盛典', 'បុណ្យ'],
  ['Wheel', '转轮', 'កង់'],
  ['Bells', '金铃', 'កណ្តឹង'],
  ['Fruits', '水果', 'ផ្លែឈើ'],
  ['Candy', '糖果', 'ស្ករគ្រាប់'],
  ['Mango', '芒果', 'ស្វាយ'],
  ['Coconut', '椰子', 'ដូង'],
  ['Lantern', '灯笼', 'គោម'],
  ['Drum', '战鼓', 'ស្គរ'],
  ['Sword', '宝剑', 'ដាវ'],
  ['Arrow', '神箭', 'ព្រួញ'],
  ['Shield', '盾牌', 'ខែល'],
  ['Ship', '宝船', 'សំពៅ'],
  ['Mask', '面具', 'របាំងមុខ'],
  ['Spirit', '精灵', 'ព្រលឹង'],
  ['Legend', '传说', 'រឿងព្រេង'],
  ['Dream', '梦想', 'សុបិន'],
  ['Bamboo', '竹子', 'ឫស្សី'],
  ['Jasmine', '茉莉', 'ម្លិះ'],
  ['Rose', '玫瑰', 'ផ្កាកុលាប'],
];

/** "Noun of Place": CN "吴哥之虎", KM "ខ្លានៃអង្គរ". */
export const PLACES: readonly Word[] = [
  ['Angkor', '吴哥', 'អង្គរ'],
  ['the Mekong', '湄公河', 'មេគង្គ'],
  ['the Orient', '东方', 'បូព៌ា'],
  ['Siem Reap', '暹粒', 'សៀមរាប'],
  ['Kampot', '贡布', 'កំពត'],
  ['Tonle Sap', '洞里萨', 'ទន្លេសាប'],
  ['the Jungle', '丛林', 'ព្រៃភ្នំ'],
  ['the Sea', '大海', 'សមុទ្រ'],
  ['the Heavens', '天庭', 'ឋានសួគ៌'],
  ['Bayon', '巴戎', 'បាយ័ន'],
  ['Koh Kong', '戈公', 'កោះកុង'],
  ['the North', '北方', 'ទិសខាងជើង'],
];

export const SUFFIXES: readonly Word[] = [
  ['Deluxe', '豪华版', 'ពិសេស'],
  ['Legends', '传奇', 'រឿងព្រេង'],
  ['Riches', '财富', 'ទ្រព្យសម្បត្តិ'],
  ['Jackpot', '大奖', 'រង្វាន់ធំ'],
  ['Quest', '探险', 'ដំណើរផ្សងព្រេង'],
  ['Blitz', '闪电', 'ផ្លេកបន្ទោរ'],
  ['Link', '连线', 'ភ្ជាប់'],
  ['Power', '能量', 'ថាមពល'],
  ['Party', '派对', 'ពិធីជប់លៀង'],
  ['Spins', '旋转', 'បង្វិល'],
];

export type Names = { en: string; cn: string; km: string };

/** A slot-style name from a pattern number and word picks (all indexes are taken modulo the list). */
export const slotName = (pattern: number, a: number, b: number, c: number): Names => {
  const adj = ADJECTIVES[a % ADJECTIVES.length];
  const noun = NOUNS[b % NOUNS.length];
  switch (pattern) {
    case 0:
      return { en: `${adj[0]} ${noun[0]}`, cn: `${adj[1]}${noun[1]}`, km: `${noun[2]}${adj[2]}` };
    case 1: {
      const s = SUFFIXES[c % SUFFIXES.length];
      return { en: `${adj[0]} ${noun[0]} ${s[0]}`, cn: `${adj[1]}${noun[1]}${s[1]}`, km: `${noun[2]}${adj[2]} ${s[2]}` };
    }
    case 2: {
      const p = PLACES[c % PLACES.length];
      return { en: `${noun[0]} of ${p[0]}`, cn: `${p[1]}之${noun[1]}`, km: `${noun[2]}នៃ${p[2]}` };
    }
    default: {
      const other = NOUNS[(b + 1 + (c % (NOUNS.length - 1))) % NOUNS.length];
      return { en: `${noun[0]} & ${other[0]}`, cn: `${noun[1]}与${other[1]}`, km: `${noun[2]} និង ${other[2]}` };
    }
  }
};

/** Fixed names for the smaller categories, each [en, cn, km]. */
export const LIVE_GAMES: readonly Word[] = [
  ['Dragon Tiger', '龙虎', 'នាគ ខ្លា'],
  ['Sic Bo', '骰宝', 'គ្រាប់ឡុកឡាក់'],
  ['Blackjack', '二十一点', 'ម្ភៃមួយ'],
  ['Fan Tan', '番摊', 'ហ្វានតាន'],
  ['Bull Bull', '牛牛', 'គោ គោ'],
  ['Fish Prawn Crab', '鱼虾蟹', 'ត្រី បង្គា ក្តាម'],
];

export const FISH_GAMES: readonly Word[] = [
  ['Ocean King', '海洋之王', 'ស្តេចសមុទ្រ'],
  ['Fishing War', '捕鱼大战', 'សង្គ្រាមស្ទូចត្រី'],
  ['Golden Toad', '金蟾', 'កង្កែបមាស'],
  ['Dragon Fishing', '捕鱼龙王', 'ស្ទូចត្រីនាគ'],
  ['Mermaid Hunt', '美人鱼猎场', 'ប្រមាញ់មច្ឆា'],
  ['Shark Bounty', '鲨鱼悬赏', 'រង្វាន់ត្រីឆ្លាម'],
  ['Jackpot Fishing', '大奖捕鱼', 'ស្ទូចត្រីរង្វាន់ធំ'],
  ['Deep Sea Party', '深海派对', 'ពិធីសមុទ្រជ្រៅ'],
  ['Lucky Koi', '幸运锦鲤', 'ត្រីគល់រាំងសំណាង'],
  ['Mekong Catch', '湄公捕获', 'ចាប់ត្រីមេគង្គ'],
];

export const PVP_GAMES: readonly Word[] = [
  ["Texas Hold'em", '德州扑克', 'បៀតិចសាស់'],
  ['Niu Niu', '抢庄牛牛', 'គោៗ'],
  ['Three Card Poker', '三公', 'បៀបីសន្លឹក'],
  ['Dou Di Zhu', '斗地主', 'ប្រយុទ្ធម្ចាស់ដី'],
  ['Mahjong', '麻将', 'ម៉ាចុង'],
  ['Pai Gow', '牌九', 'ប៉ៃកៅ'],
  ['Rummy', '拉米', 'រ៉ាមី'],
  ['Golden Flower', '炸金花', 'ផ្កាមាស'],
  ['Baccarat Squeeze', '咪牌百家乐', 'បាការ៉ាច្របាច់'],
  ['Blackjack Duel', '二十一点对决', 'ប្រកួតម្ភៃមួយ'],
  ['Thirteen Cards', '十三水', 'បៀដប់បី'],
  ['Tien Len', '进级', 'បៀទៀនឡេន'],
  ['Red Black', '红黑大战', 'ក្រហម ខ្មៅ'],
  ['Dragon Tiger Duel', '龙虎斗', 'នាគ ខ្លា ប្រកួត'],
  ['Run Fast', '跑得快', 'រត់លឿន'],
  ['Fruit Machine', '水果机', 'ម៉ាស៊ីនផ្លែឈើ'],
  ['Pok Deng', '博丁', 'ប៉ុកដេង'],
  ['Bull Fight', '斗牛', 'ប្រល់គោ'],
  ['Sam Gong', '三公对决', 'សាមកុង'],
  ['Big Two', '锄大地', 'ពីរធំ'],
];

export const ELOTT_GAMES: readonly Word[] = [
  ['Keno 1 Minute', '一分快乐彩', 'គីណូ ១ នាទី'],
  ['Fast 3', '快三', 'លឿន ៣'],
  ['Lucky 10', '幸运10', 'សំណាង ១០'],
  ['PK10 Racing', 'PK10赛车', 'ប្រណាំង PK10'],
  ['Speed Keno', '极速快乐彩', 'គីណូលឿន'],
  ['5D 3 Minutes', '三分5D', '5D ៣ នាទី'],
  ['Lucky Ball', '幸运球', 'បាល់សំណាង'],
  ['Lotto 90 Seconds', '九十秒彩', 'ឆ្នោត ៩០ វិនាទី'],
];

export const MINI_GAMES: readonly Word[] = [
  ['Mines', '扫雷', 'មីន'],
  ['Plinko', '弹珠台', 'ភ្លីងកូ'],
  ['Crash Rocket', '火箭', 'រ៉ុក្កែត'],
  ['Hi-Lo', '高低', 'ខ្ពស់ ទាប'],
  ['Dice Duel', '骰子对决', 'ប្រកួតគ្រាប់ឡុកឡាក់'],
  ['Coin Flip', '抛硬币', 'បោះកាក់'],
  ['Limbo', '林波', 'លីមបូ'],
  ['Keno Mini', '迷你快乐彩', 'គីណូតូច'],
  ['Tower', '高塔', 'ប៉ម'],
  ['Lucky Wheel', '幸运转盘', 'កង់សំណាង'],
  ['Penalty Goal', '点球', 'ទាត់បាល់ពិន័យ'],
  ['Scratch Card', '刮刮乐', 'កាតកោស'],
];

export const BINGO_GAMES: readonly Word[] = [
  ['Bingo 75', '宾果75', 'ប៊ីងហ្គោ ៧៥'],
  ['Bingo 90', '宾果90', 'ប៊ីងហ្គោ ៩០'],
  ['Speed Bingo', '极速宾果', 'ប៊ីងហ្គោលឿន'],
  ['Lucky Bingo', '幸运宾果', 'ប៊ីងហ្គោសំណាង'],
  ['Bingo Party', '宾果派对', 'ពិធីប៊ីងហ្គោ'],
  ['Jungle Bingo', '丛林宾果', 'ប៊ីងហ្គោព្រៃ'],
];
