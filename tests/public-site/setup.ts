// Preact runs effects after the next frame: a requestAnimationFrame raced by a 100 ms timer, whose loser is
// cancelled. When a file's last test ends inside those 100 ms, the timer fires after jsdom is gone and calls
// cancelAnimationFrame, which no longer exists ("cancelAnimationFrame is not defined", an unhandled error that
// fails the run). In these tests effects run on the next task instead, a timer alone, nothing to cancel.
import { options } from 'preact';

options.requestAnimationFrame = (flush) => {
  setTimeout(flush);
};
