/**
 * Given names and the short forms people go by, English first. Each line: the formal name,
 * then its nicknames. A name that belongs to two lines (e.g. "al") takes the first.
 */
const TABLE = `
abraham abe abram
albert al bert bertie
alexander alex alec sandy xander lex
alexandra alex sandra lexi alexa
alfred alf alfie fred
allison ally allie
andrew andy drew
angela angie
anthony tony
antonio tony toni
arthur art artie
barbara barb babs barbie
benjamin ben benny benji
bernard bernie
beverly bev
bradley brad
calvin cal
cameron cam
catherine cathy kate katie cat kathy
charles charlie chuck chas chaz
charlotte lottie charlie
christina chris tina christy
christine chris tina
christopher chris kit topher
clifford cliff
cynthia cindy
daniel dan danny
david dave davy
deborah deb debbie debby
dennis denny
donald don donnie
dorothy dot dottie
douglas doug
edward ed eddie ted ned teddy
elizabeth liz beth betty lizzie eliza libby betsy bess
eleanor ellie nora
emily em emmy
eugene gene
frances fran frankie
francis frank
franklin frank
frederick fred freddie
gabriel gabe
gerald gerry jerry
gregory greg
harold harry hal
harrison harry
henry hank harry
herbert herb bert
isaac ike
jacob jake
jacqueline jackie
james jim jimmy jamie
jeffrey jeff
jennifer jen jenny
jeremiah jerry
jessica jess jessie
joanne jo
john jack johnny jon
jonathan jon jonny
joseph joe joey
joshua josh
judith judy
katherine kate kathy katie kat
kathleen kathy kate
kenneth ken kenny
kimberly kim
lawrence larry
leonard leo len lenny
leslie les
louis lou
lucas luke
margaret maggie meg peggy marge margie greta
matthew matt
melissa mel missy
michael mike mikey mick
michelle shelly
mitchell mitch
nancy nan
nathan nate
nathaniel nate nat
nicholas nick nicky
nicole nicky nikki
oliver ollie
pamela pam
patricia pat patty trish tricia
patrick pat paddy
peter pete
philip phil
phillip phil
rebecca becky becca
richard rick dick rich richie ricky
robert bob rob bobby robbie bert
ronald ron ronnie
russell russ
samantha sam sammy
samuel sam sammy
sandra sandy
stephanie steph stephie
stephen steve stevie
steven steve stevie
susan sue susie suzy
terence terry
theodore ted teddy theo
thomas tom tommy
timothy tim timmy
valerie val
victoria vicky tori
vincent vince vinny
walter walt wally
william bill will billy willy liam
zachary zach zack
`;

export const NICKNAMES: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const line of TABLE.trim().split('\n')) {
    const [formal, ...short] = line.trim().split(/\s+/);
    if (!formal) continue;
    if (!map.has(formal)) map.set(formal, formal);
    for (const nick of short) if (!map.has(nick)) map.set(nick, formal);
  }
  return map;
})();
