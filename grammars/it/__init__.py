"""The Italian language of voice-host, in one place.

Everything a player hears, reads or says lives here: the sentences the host says
and prints (:mod:`grammars.it.catalogue`, command-line and error messages
included), the number words (:mod:`grammars.it.numbers`), the words of every
game and command (:mod:`grammars.it.words`) and the table talk the recognizer
must tell from them (:mod:`grammars.it.table_talk`). The grammar code beside this package
(:mod:`grammars.tokio.grammar`, :mod:`grammars.yatzi.grammar`, :mod:`grammars.commands`,
:mod:`grammars.normalize`) expands these tables into phrase lists and parsers;
another language would be a sibling package with the same modules.
"""
