"""What a text is made of: reading it (commands, names, phone punctuation), writing it (the
wording from templates/sms), GSM-7 and phone numbers.
"""
