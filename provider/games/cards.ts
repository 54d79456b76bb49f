/**
 * Playing cards for the card games: a card is a number 0–51, its suit floor(card / 13)
 * (0 spades, 1 hearts, 2 diamonds, 3 clubs) and its rank card % 13 + 1 (1 ace, 2–10, 11 jack,
 * 12 queen, 13 king). A shoe of n decks is shuffled with the round's stream (fair.ts `shuffle`),
 * all at the start of a round, so later moves draw no randomness.
 */
export type Card = number

export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const
export type Suit = (typeof SUITS)[number]

export const rankOf = (card: Card) => (card % 13) + 1
export const suitOf = (card: Card): Suit => SUITS[Math.floor(card / 13) % 4]!
export const isRedCard = (card: Card) => suitOf(card) === 'hearts' || suitOf(card) === 'diamonds'

/** n decks of 52 cards, in order (shuffle them with the round's stream). */
export const decks = (n: number): Card[] => Array.from({ length: 52 * n }, (_, i) => i % 52)
