"""Omaha in its forms: four, five or six hole cards, exactly two of them and three of the board
make the hand; Hi/Lo adds an eight-or-better low half."""
