// Prints 30 numbered lines, one write each, then ends.
for (let i = 1; i <= 30; i++) console.log(`line ${i}`);
