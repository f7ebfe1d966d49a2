export * from './hmac-floats.js';
export * from './multiplier.js';
export * from './seeds.js';
export * from './dice.js';
export * from './mines.js';
