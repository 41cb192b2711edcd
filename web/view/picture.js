// @ts-check
// For players: the picture on the board (the board view's `data-picture` and its `--picture` image, which style.css
// cuts into the tiles by their goal places, `--pr` and `--pc` set by view/board.js), the Numbers toggle
// (`data-numbers`), and the Picture controls: the built-in choice, Remove picture, the note and the error.

import { BUILT_IN } from "../model/pictures.js";

/** @typedef {import("../ui.js").Ui} Ui */
/** @typedef {import("../state.js").Players} Players */

/**
 * @param {Ui} ui
 * @param {Players} players
 */
export function drawPicture(ui, players) {
  const view = ui.view;
  if (players.picture) {
    view.style.setProperty("--picture", `url("${players.picture}")`);
    view.dataset.picture = "shown";
  } else {
    view.style.removeProperty("--picture");
    delete view.dataset.picture;
  }
  view.dataset.numbers = String(players.numbers);
  ui.pictureNumbers.checked = players.numbers;
  ui.pictureNumbers.disabled = !players.source;
  ui.pictureChoice.value = players.choice;
  ui.pictureOwn.hidden = players.choice !== "file";
  ui.pictureRemove.hidden = !players.source;
  if (ui.pictureNote.textContent !== players.note) ui.pictureNote.textContent = players.note;
  if (ui.pictureError.textContent !== players.error) ui.pictureError.textContent = players.error;
}

/** The built-in pictures offered in the choice (drawn once). @param {Ui} ui */
export function drawPictureChoices(ui) {
  for (const picture of BUILT_IN) {
    const option = document.createElement("option");
    option.value = picture.name;
    option.textContent = picture.title;
    ui.pictureChoice.append(option);
  }
}
